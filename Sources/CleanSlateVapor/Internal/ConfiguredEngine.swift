#if Vapor
  internal import FluentKit
  internal import FluentSQLiteDriver
  internal import PostgresKit
  internal import PostgresNIO

  /// The engine of a database configuration an app's `configure` registered, read from the
  /// configuration itself: Fluent's drivers keep their configuration types internal, so their
  /// stored properties are read by reflection.
  enum ConfiguredEngine: Equatable, Sendable {
    /// SQLite in memory: each app's driver has a database of its own.
    case sqliteInMemory
    /// SQLite in a file, which every app that names it shares.
    case sqliteFile(path: String, foreignKeys: Bool)
    /// PostgreSQL, on the server the configuration names.
    case postgres
    /// Another engine (MySQL, MongoDB, one of the app's own), by its configuration's type.
    case other(String)

    /// The engine of `configuration`.
    static func of(_ configuration: any DatabaseConfiguration) -> ConfiguredEngine {
      if let sqlite: SQLiteConfiguration = stored(in: configuration) {
        switch sqlite.storage {
        case .memory:
          return .sqliteInMemory
        case .file(let path):
          return .sqliteFile(path: path, foreignKeys: sqlite.enableForeignKeys)
        }
      }
      if (stored(in: configuration) as SQLPostgresConfiguration?) != nil
        || (stored(in: configuration) as PostgresClient.Configuration?) != nil
      {
        return .postgres
      }
      return .other(String(describing: type(of: configuration)))
    }

    /// What a failure message calls it.
    var name: String {
      switch self {
      case .sqliteInMemory: "in-memory SQLite"
      case .sqliteFile(let path, _): "SQLite in \(path)"
      case .postgres: "PostgreSQL"
      case .other(let type): "a database of type \(type)"
      }
    }

    /// A value of type `T` among the stored properties of `subject`, or of an enum case's
    /// payload there (`FluentPostgresClientConfiguration` keeps its configuration in one).
    private static func stored<T>(in subject: Any, depth: Int = 0) -> T? {
      for child in Mirror(reflecting: subject).children {
        if let value = child.value as? T { return value }
        if depth < 2, let value: T = stored(in: child.value, depth: depth + 1) { return value }
      }
      return nil
    }
  }
#endif
