#if Vapor
  internal import FluentKit
  internal import NIOCore
  internal import SQLKit
  internal import SQLiteKit

  /// The database a switch answers with when it has none to give: every statement fails with
  /// `reason`. It answers as an SQL database too, so that a `configure` that casts its database
  /// to `SQLDatabase` fails as it would on a database that refused it, instead of crashing.
  struct UnavailableDatabase: FluentKit.Database, SQLDatabase {
    let context: DatabaseContext
    let reason: Reason

    /// Why there is no database.
    struct Reason: Error, CustomStringConvertible {
      let description: String

      /// Nothing registered the ID (the switch was put in place for an ID `configure` never used).
      static func notRegistered(_ id: DatabaseID) -> Reason {
        Reason(description: "No database configuration registered for \(id.string).")
      }

      /// `configure` asked for the test's database before CleanSlate could make it.
      static let notYetMade = Reason(
        description:
          "CleanSlate has not made this test's database yet: configure asked for it before CleanSlate knew which database the app uses. CleanSlate makes it, then runs configure again with it in place."
      )

      /// The app's database is of an engine CleanSlate cannot give a test a copy of.
      static func unsupported(_ engine: ConfiguredEngine) -> Reason {
        Reason(
          description: "CleanSlate cannot make a database of the test's own like \(engine.name).")
      }
    }

    var eventLoop: any EventLoop { context.eventLoop }
    var logger: Logger { context.logger }
    var dialect: any SQLDialect { SQLiteDialect() }
    var inTransaction: Bool { false }

    func execute(
      query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void
    ) -> EventLoopFuture<Void> {
      eventLoop.makeFailedFuture(reason)
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
      eventLoop.makeFailedFuture(reason)
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
      eventLoop.makeFailedFuture(reason)
    }

    func transaction<T>(
      _ closure: @escaping @Sendable (any FluentKit.Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
      eventLoop.makeFailedFuture(reason)
    }

    func withConnection<T>(
      _ closure: @escaping @Sendable (any FluentKit.Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
      eventLoop.makeFailedFuture(reason)
    }

    func execute(
      sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<Void> {
      eventLoop.makeFailedFuture(reason)
    }
  }
#endif
