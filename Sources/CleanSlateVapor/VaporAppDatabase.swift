#if Vapor
  public import CleanSlatePostgres

  /// The database a Vapor app gets in each test: its own PostgreSQL database, its own SQLite
  /// database, or the one its `configure` chose.
  ///
  /// ```swift
  /// static let app = Fixture.vaporApp("app", database: .postgres) { app in
  ///   try await configure(app)
  /// }
  /// ```
  ///
  /// With ``postgres`` or ``sqlite``, the test's database replaces the app's default database
  /// after `configure` has run, under the same database ID and with the same model middleware,
  /// already migrated by the app's own Fluent migrations (`app.migrations`, those for the default
  /// database).
  public struct VaporAppDatabase: Sendable {
    enum Kind: Sendable {
      case postgres(server: PostgresTestServer?, keepingFailed: Bool, templateVersion: String?)
      case sqlite
      case none
    }

    let kind: Kind

    /// A PostgreSQL database of the test's own, cloned from a template that the app's Fluent
    /// migrations built once: the server the environment names (`CLEANSLATE_POSTGRES_URL`), a
    /// failed test's database kept for inspection.
    public static var postgres: Self { .postgres() }

    /// A PostgreSQL database of the test's own, cloned from a template that the app's Fluent
    /// migrations built once.
    ///
    /// The template is reused across test processes and runs while its key stays the same (see
    /// <doc:TestingAVaporApp>, "The template's key"). The key covers every migration's name and
    /// what it does to the schema; give a `templateVersion` when a migration writes data or reads
    /// it (what those values are is not part of the key), and change it to build a new template.
    ///
    /// - Parameters:
    ///   - server: The server; by default the one the environment names.
    ///   - keepingFailed: Whether to keep the database of a failed test (renamed `cs_kept_…`,
    ///     its name printed and attached to the test) instead of dropping it.
    ///   - templateVersion: A version of your own, part of the template's key: change it to
    ///     build a new template.
    public static func postgres(
      server: PostgresTestServer? = nil,
      keepingFailed: Bool = true,
      templateVersion: String? = nil
    ) -> Self {
      Self(
        kind: .postgres(
          server: server, keepingFailed: keepingFailed, templateVersion: templateVersion))
    }

    /// A SQLite database of the test's own: a copy of a database file that the app's Fluent
    /// migrations built once per test process, kept in memory (`/dev/shm`) where there is such a
    /// place, and removed when the test ends.
    public static var sqlite: Self { Self(kind: .sqlite) }

    /// No database of the test's own: the app keeps whatever its `configure` chose. For tests
    /// that never touch a database, which then pay for none.
    public static var none: Self { Self(kind: .none) }
  }
#endif
