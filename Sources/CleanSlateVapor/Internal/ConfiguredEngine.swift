#if Vapor
  internal import FluentKit
  internal import FluentSQLiteDriver
  internal import Foundation
  internal import PostgresKit
  internal import PostgresNIO

  /// The engine of a database configuration an app's `configure` registered, read from the
  /// configuration itself: Fluent's drivers keep their configuration types internal, so their
  /// stored properties are read by reflection.
  enum ConfiguredEngine: Equatable, Sendable {
    /// SQLite "in memory": each app's driver has a database of its own, which SQLiteKit keeps in
    /// a file of the temporary directory named after `identifier`.
    case sqliteInMemory(identifier: String, foreignKeys: Bool)
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
        case .memory(let identifier):
          return .sqliteInMemory(identifier: identifier, foreignKeys: sqlite.enableForeignKeys)
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

    /// The file SQLiteKit keeps an in-memory database in, and never removes: it opens in-memory
    /// databases as temporary files, `sqlite-kit_memorydb-<pid>-<identifier>.sqlite3`, since
    /// SQLite is built without a shared cache. `nil` for other engines, or an identifier SQLiteKit
    /// would have rewritten.
    var inMemoryFile: URL? {
      guard case .sqliteInMemory(let identifier, _) = self,
        identifier.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
      else { return nil }
      return FileManager.default.temporaryDirectory.appendingPathComponent(
        "sqlite-kit_memorydb-\(ProcessInfo.processInfo.processIdentifier)-\(identifier).sqlite3")
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
