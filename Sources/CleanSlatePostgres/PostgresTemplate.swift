#if Postgres
  /// The migrations and seed that every test's database starts from.
  ///
  /// ```swift
  /// let appSchema = PostgresTemplate(
  ///   migrations: [
  ///     PostgresMigration("create players", sql:
  ///       "CREATE TABLE players (id bigint PRIMARY KEY, name text NOT NULL, score int NOT NULL)"),
  ///   ],
  ///   seed: PostgresMigration("seed players", sql:
  ///     "INSERT INTO players SELECT g, 'player ' || g, g % 100 FROM generate_series(1, 10000) g"))
  /// ```
  ///
  /// ## The key
  ///
  /// CleanSlate builds the template database once per key and server, and reuses it across test
  /// processes and runs. The key hashes, in order, every migration's identifier and SQL text (or,
  /// for a closure, its `version`), the seed's, and the server's version. A migration's name alone
  /// would miss a changed body; its text does not. Change anything and the next run builds a new
  /// template under a new name; the old one stays until you drop it (see the isolation modes
  /// article).
  public struct PostgresTemplate: Sendable {
    /// The migrations, run in order, each in its own transaction.
    public var migrations: [PostgresMigration]
    /// The data every test starts with, written after the migrations.
    public var seed: PostgresMigration?

    /// No migrations and no seed: an empty database, for an app that makes its own schema (when
    /// it starts, say).
    ///
    /// ```swift
    /// extension Fixture where Value == PostgresTestDatabase {
    ///   static let todosDatabase = Fixture.postgresDatabase("todosDatabase", template: .empty)
    /// }
    /// ```
    public static let empty = PostgresTemplate(migrations: [])

    /// Creates a template from migrations and an optional seed.
    public init(migrations: [PostgresMigration], seed: PostgresMigration? = nil) {
      self.migrations = migrations
      self.seed = seed
    }

    /// The template's key on a server of the given version (`SHOW server_version_num`): 16
    /// hexadecimal digits, part of the template database's name (`cs_tpl_<key>`).
    public func key(serverVersion: String) -> String {
      var hasher = FNVHasher()
      hasher.combine("cleanslate-postgres-template-1")
      hasher.combine(serverVersion)
      for migration in migrations + (seed.map { [$0] } ?? []) {
        hasher.combine(migration.identifier)
        hasher.combine(migration.fingerprint)
      }
      return hasher.hex
    }

    /// Every step, migrations then seed, with the name it has in failures.
    var steps: [(name: String, migration: PostgresMigration)] {
      migrations.map { ("migration '\($0.identifier)'", $0) }
        + (seed.map { [("seed '\($0.identifier)'", $0)] } ?? [])
    }
  }
#endif
