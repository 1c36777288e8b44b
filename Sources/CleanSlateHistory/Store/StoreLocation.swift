import Foundation

/// Where a store of runs is: a SQLite file's path, or a PostgreSQL URL
/// (`postgresql://user:password@host:5432/database`).
package enum StoreLocation: Sendable, Equatable {
  /// A SQLite file, created when missing.
  case sqlite(path: String)
  /// A PostgreSQL database, its tables created when missing.
  case postgres(url: String)

  /// The location `text` names: a `postgres://` or `postgresql://` URL, else a file's path.
  package init(_ text: String) {
    let lowered = text.lowercased()
    if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
      self = .postgres(url: text)
    } else {
      self = .sqlite(path: text)
    }
  }

  /// The store as messages name it: the file, or the server and database without a password.
  package var name: String {
    switch self {
    case .sqlite(let path): path
    case .postgres(let url): PasswordRedaction.redacted(url)
    }
  }

  /// Opens the store, creating its tables when missing — and a SQLite file when it does not
  /// exist, unless `creating` is off: a command that reads or prunes a store never makes one. A
  /// SQLite store waits for the lock another process holds up to
  /// `CLEANSLATE_HISTORY_LOCK_TIMEOUT` seconds in `environment` (a minute by default).
  ///
  /// - Throws: ``StoreError``; of kind ``StoreError/Kind/missing`` for a SQLite file that does not
  ///   exist when `creating` is off.
  package func open(
    creating: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> any RunStore {
    switch self {
    case .sqlite(let path):
      if !creating, !FileManager.default.fileExists(atPath: path) {
        throw StoreError(
          .missing,
          "\(path) does not exist: record sessions with cleanslate test --history \(path).")
      }
      let seconds = environment["CLEANSLATE_HISTORY_LOCK_TIMEOUT"].flatMap(Double.init)
      return try await SQLiteRunStore.open(
        path: path, create: creating,
        lockTimeout: seconds.map { .milliseconds(Int64(max(0, $0) * 1000)) }
          ?? SQLiteDatabase.busyTimeout)
    case .postgres(let url):
      #if Postgres
        return try await PostgresRunStore.open(url: url)
      #else
        throw StoreError(
          .unsupported,
          "\(name) is a PostgreSQL store, and this cleanslate was built without PostgreSQL: build it with the Postgres trait (on the swift-clean-slate line of your Package.swift, traits: [\"Postgres\"]; in CleanSlate's own repository, swift run --traits Postgres cleanslate …), or give a SQLite file."
        )
      #endif
    }
  }
}
