#if Vapor
  public import CleanSlatePostgres

  /// The database a Vapor app gets in each test: by default one of the test's own, of the engine
  /// the app's `configure` chose.
  ///
  /// ```swift
  /// static let appOnPostgres = Fixture.vaporApp("appOnPostgres", database: .postgres) { app in
  ///   try await configure(app)
  /// }
  /// ```
  ///
  /// | `configure` chose | ``sameEngine`` (the default) | ``postgres`` | ``sqlite`` | ``none`` |
  /// |---|---|---|---|---|
  /// | in-memory SQLite, which it migrates | a SQLite copy | a PostgreSQL clone | a SQLite copy | as made |
  /// | in-memory SQLite, left alone | as `configure` made it | a PostgreSQL clone | a SQLite copy | as made |
  /// | SQLite in a file | a SQLite copy | a PostgreSQL clone | a SQLite copy | that file |
  /// | PostgreSQL | a PostgreSQL clone | a PostgreSQL clone | a SQLite copy | that server |
  ///
  /// A PostgreSQL clone is a database of the test's own on the test server (the one the
  /// environment names, or else the throwaway one CleanSlate starts), cloned from a template the
  /// app's Fluent migrations built once; never on the server `configure` names. A SQLite copy is
  /// a copy of a file those migrations built once per test process, in memory (`/dev/shm`) where
  /// there is such a place. Either is in place, under
  /// the same database ID and with the same model middleware, before anything asks for the app's
  /// database, `configure` included: a `configure` that migrates its database (`autoMigrate()`)
  /// finds it migrated.
  public struct VaporAppDatabase: Sendable {
    enum Kind: Sendable {
      case sameEngine(PostgresOptions)
      case postgres(PostgresOptions)
      case sqlite
      case none
    }

    /// How a test's PostgreSQL database is made.
    struct PostgresOptions: Sendable {
      var server: PostgresTestServer?
      var keepingFailed: Bool
      var templateVersion: String?
    }

    let kind: Kind

    /// The options of a PostgreSQL database, for the kinds that may make one.
    var postgresOptions: PostgresOptions? {
      switch kind {
      case .sameEngine(let options), .postgres(let options): options
      case .sqlite, .none: nil
      }
    }

    /// A database of the test's own, of the engine the app's `configure` chose: in-memory SQLite
    /// that `configure` migrates as a copy of a database migrated once per process (in-memory
    /// SQLite it leaves alone as `configure` made it), SQLite in a file as a copy of a migrated
    /// template, PostgreSQL as a clone of a migrated template on the test server.
    public static var sameEngine: Self { .sameEngine() }

    /// A database of the test's own, of the engine the app's `configure` chose, with the options
    /// of a PostgreSQL one (used when `configure` chose PostgreSQL).
    ///
    /// - Parameters:
    ///   - server: The test server; by default the one the environment names, or else the
    ///     throwaway one CleanSlate starts. Never the server `configure` names.
    ///   - keepingFailed: Whether to keep the PostgreSQL database of a failed test (renamed
    ///     `cs_kept_…`; the command that opens it is printed and attached to the test).
    ///   - templateVersion: A version of your own, part of the template's key: change it to
    ///     build a new template.
    public static func sameEngine(
      server: PostgresTestServer? = nil,
      keepingFailed: Bool = true,
      templateVersion: String? = nil
    ) -> Self {
      Self(
        kind: .sameEngine(
          PostgresOptions(
            server: server, keepingFailed: keepingFailed, templateVersion: templateVersion)))
    }

    /// A PostgreSQL database of the test's own, whatever engine `configure` chose, cloned from a
    /// template that the app's Fluent migrations built once, on the test server.
    public static var postgres: Self { .postgres() }

    /// A PostgreSQL database of the test's own, whatever engine `configure` chose, cloned from a
    /// template that the app's Fluent migrations built once.
    ///
    /// The template is reused across test processes and runs while its key stays the same (see
    /// <doc:TestingAVaporApp>, "The template's key"): the migrations' names, the build of the
    /// test binary that holds them, and `templateVersion`.
    ///
    /// - Parameters:
    ///   - server: The test server; by default the one the environment names, or else the
    ///     throwaway one CleanSlate starts.
    ///   - keepingFailed: Whether to keep the database of a failed test (renamed `cs_kept_…`; the
    ///     command that opens it is printed and attached to the test) instead of dropping it.
    ///   - templateVersion: A version of your own, part of the template's key: change it to
    ///     build a new template.
    public static func postgres(
      server: PostgresTestServer? = nil,
      keepingFailed: Bool = true,
      templateVersion: String? = nil
    ) -> Self {
      Self(
        kind: .postgres(
          PostgresOptions(
            server: server, keepingFailed: keepingFailed, templateVersion: templateVersion)))
    }

    /// A SQLite database of the test's own, whatever engine `configure` chose: a copy of a
    /// database file that the app's Fluent migrations built once per test process, kept in
    /// memory (`/dev/shm`) where there is such a place, and removed when the test ends.
    public static var sqlite: Self { Self(kind: .sqlite) }

    /// No database of the test's own: the app keeps whatever its `configure` chose, the server
    /// it names included. For tests that never touch a database, which then pay for none.
    public static var none: Self { Self(kind: .none) }
  }
#endif
