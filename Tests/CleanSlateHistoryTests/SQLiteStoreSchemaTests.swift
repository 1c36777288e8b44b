import CleanSlate
import CleanSlateHistory
import CleanSlateTesting
import Foundation
import Testing

/// The SQLite store's tables across versions: a store the previous CleanSlate made is brought to
/// the tables a new store has, every session kept; every table's name is the store's own.
@Suite(.cleanSlate) struct SQLiteStoreSchemaTests {
  /// A store of `version` in the test's directory, holding ``MigrationScenario/sessions``.
  static func earlierStore(version: Int = 2) async throws -> String {
    let path = try await SQLiteRunStoreTests.path("v\(version).sqlite")
    let statements = EarlierStore.statements(
      .sqlite, version: version, holding: MigrationScenario.sessions)
    try await SQLiteScript.run(statements.joined(separator: ";\n"), in: path)
    return path
  }

  @Test func aStoreOfThePreviousVersionKeepsEverySessionUnderTheStoresOwnNames() async throws {
    // Given a store of version 2, its tables named sessions, tests, results, …
    let path = try await Self.earlierStore()

    // When this CleanSlate opens it
    let store = try await StoreLocation(path).open()

    // Then it is at the latest version, its tables renamed, and it reads back every session
    #expect(
      try await SQLiteScript.value("SELECT version FROM cleanslate_store", in: path)
        == "\(StoreSchema.latest)")
    #expect(
      try await SQLiteScript.rows(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name",
        in: path) == [
          "cleanslate_attempts", "cleanslate_evidence", "cleanslate_results",
          "cleanslate_results_by_test", "cleanslate_sessions", "cleanslate_sessions_by_start",
          "cleanslate_store", "cleanslate_tests",
        ])
    try await MigrationScenario.check(store)
  }

  @Test(arguments: [1, 2])
  func aMigratedStoreHasTheTablesOfANewOne(from version: Int) async throws {
    // Given a store brought from an earlier version, and a new one
    let migrated = try await Self.earlierStore(version: version)
    await (try await StoreLocation(migrated).open()).close()
    let new = try await SQLiteRunStoreTests.path("new.sqlite")
    await (try await StoreLocation(new).open()).close()

    // Then their tables, keys, foreign keys and indexes are the same
    let shape = try await SQLiteScript.shape(of: new)
    #expect(
      shape.contains("cleanslate_results references cleanslate_sessions (session -> id) CASCADE"))
    #expect(try await SQLiteScript.shape(of: migrated) == shape)
  }

  @Test func aStoreThatWasNeverAStoreIsNotMigrated() async throws {
    // Given a database holding an application's own sessions table
    let path = try await SQLiteRunStoreTests.path("app.sqlite")
    try await SQLiteScript.run(
      "CREATE TABLE sessions (id INTEGER PRIMARY KEY, user TEXT); INSERT INTO sessions (user) VALUES ('ann')",
      in: path)

    // When it is opened as a store
    let error = await #expect(throws: StoreError.self) { try await StoreLocation(path).open() }

    // Then it is refused, and the application's table is as it was
    #expect(error?.kind == .unreadable)
    #expect(
      try await SQLiteScript.rows("SELECT name FROM sqlite_master ORDER BY name", in: path) == [
        "sessions"
      ])
    #expect(try await SQLiteScript.value("SELECT user FROM sessions", in: path) == "ann")
  }
}
