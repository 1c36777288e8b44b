#if Vapor
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateVapor
  import Testing
  import Vapor

  extension Fixture where Value == Application {
    /// The same app on a PostgreSQL database of the test's own.
    static let todoApp = Fixture.vaporApp("todoApp", database: .postgres) { app in
      try await configure(app)
    }

    /// The same app on a copy of a migrated SQLite file per test.
    static let todoAppOnSQLite = Fixture.vaporApp("todoAppOnSQLite", database: .sqlite) { app in
      try await configure(app)
    }

    /// The same app keeping the database its configure chose.
    static let todoAppAsConfigured = Fixture.vaporApp("todoAppAsConfigured", database: .none) {
      app in
      try await configure(app)
    }
  }

  /// Whether the PostgreSQL tests run: a server is configured, or CI requires one.
  let postgresTests = ConditionTrait.enabled(
    if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))
#endif
