#if Vapor
  internal import FluentKit
  internal import Logging
  internal import NIOCore
  internal import PostgresKit
  internal import SQLKit

  /// A database that runs nothing: it writes down what each migration asks of it, so that the
  /// template's key changes when a migration does. Reads return no rows.
  ///
  /// It answers both as a Fluent database and as an SQL database (PostgreSQL's dialect), so a
  /// migration's raw SQL (`(database as! any SQLDatabase).raw(...)`) is written down as its text.
  /// Bound values and the values a migration writes through models are left out: they may differ
  /// from run to run (generated IDs, dates).
  final class MigrationRecorder: FluentKit.Database, SQLDatabase, @unchecked Sendable {
    let context: DatabaseContext
    let logger: Logger
    let eventLoop: any EventLoop
    private let entries = Locked<[String]>([])

    init(eventLoop: any EventLoop) {
      let logger = Logger(label: "cleanslate.migration-recorder") { _ in SwiftLogNoOpLogHandler() }
      self.logger = logger
      self.eventLoop = eventLoop
      self.context = DatabaseContext(
        configuration: RecorderConfiguration(), logger: logger, eventLoop: eventLoop,
        shouldTrace: false)
    }

    /// What was asked of the database so far, one line an action.
    var recorded: [String] { entries.value }

    func note(_ entry: String) { entries.withLock { $0.append(entry) } }

    // MARK: - Fluent

    func execute(
      query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void
    ) -> EventLoopFuture<Void> {
      note("query \(query.action) \(query.schema)")
      return eventLoop.makeSucceededVoidFuture()
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
      var text = ""
      dump(schema, to: &text)
      note("schema \(text)")
      return eventLoop.makeSucceededVoidFuture()
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
      note("enum \(`enum`.action) \(`enum`.name) +\(`enum`.createCases) -\(`enum`.deleteCases)")
      return eventLoop.makeSucceededVoidFuture()
    }

    var inTransaction: Bool { false }

    func transaction<T>(
      _ closure: @escaping @Sendable (any FluentKit.Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
      closure(self)
    }

    func withConnection<T>(
      _ closure: @escaping @Sendable (any FluentKit.Database) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
      closure(self)
    }

    // MARK: - SQL

    var dialect: any SQLDialect { PostgresDialect() }

    func execute(
      sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<Void> {
      note("sql \(serialize(query).sql)")
      return eventLoop.makeSucceededVoidFuture()
    }
  }

  /// The recorder's configuration: never asked for a driver.
  private struct RecorderConfiguration: DatabaseConfiguration {
    var middleware: [any AnyModelMiddleware] = []

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
      preconditionFailure("The migration recorder has no driver.")
    }
  }
#endif
