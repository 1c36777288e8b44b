#if Vapor
  internal import FluentKit

  /// A failure of a Vapor app fixture's setup, with what to do about it.
  struct VaporAppError: Error, CustomStringConvertible {
    let description: String

    /// The app's `configure` threw.
    static func configureFailed(_ error: any Error) -> VaporAppError {
      VaporAppError(description: "The app's configure threw: \(String(reflecting: error))")
    }

    /// The app's default database is of an engine CleanSlate cannot make a test's own of.
    static func unsupportedEngine(_ engine: ConfiguredEngine, id: DatabaseID) -> VaporAppError {
      VaporAppError(
        description:
          "The app's configure made \(engine.name) its default database ('\(id.string)'), and CleanSlate makes a database of the test's own only of PostgreSQL or SQLite: pass database: .postgres or .sqlite to test the app on one of them, or .none to keep the app's own database."
      )
    }

    /// The app's shape changed from one run of `configure` to the next, every time.
    static func unsettled(_ shape: AppDatabaseShape?) -> VaporAppError {
      let names = shape.map { "'\($0.id.string)', migrations \($0.migrationNames)" } ?? "none"
      return VaporAppError(
        description:
          "The app's configure asked for its default database before CleanSlate could put the test's own in place, and its database or migrations differed from one run of configure to the next (last seen: \(names)): make configure register the same database and migrations each time."
      )
    }
  }
#endif
