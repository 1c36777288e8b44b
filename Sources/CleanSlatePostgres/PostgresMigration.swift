#if Postgres
  public import PostgresNIO

  /// One named step that brings a database to the schema and data the tests start from.
  ///
  /// ```swift
  /// let migrations: [PostgresMigration] = [
  ///   PostgresMigration("create players", sql:
  ///     "CREATE TABLE players (id bigserial PRIMARY KEY, name text NOT NULL, score int NOT NULL)"),
  ///   PostgresMigration("index scores", sql: "CREATE INDEX players_score ON players (score)"),
  /// ]
  /// ```
  ///
  /// A migration's identity in the template key is its identifier and its SQL text, so changing
  /// either rebuilds the template. A migration written as a closure has no text to hash: give it a
  /// `version` and change the version when you change the closure.
  public struct PostgresMigration: Sendable {
    /// The name shown when the migration fails.
    public let identifier: String
    /// What goes into the template key for this migration.
    let fingerprint: String
    let run: @Sendable (PostgresConnection) async throws -> Void

    /// Creates a migration from SQL statements, run one after another in one transaction.
    ///
    /// - Parameters:
    ///   - identifier: The migration's name, shown when it fails.
    ///   - statements: Each one a single SQL statement.
    public init(_ identifier: String, sql statements: String...) {
      self.identifier = identifier
      self.fingerprint = "sql:" + statements.joined(separator: "\u{0}")
      self.run = { connection in
        for statement in statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: .cleanSlate)
        }
      }
    }

    /// Creates a migration from a closure, run inside one transaction.
    ///
    /// - Parameters:
    ///   - identifier: The migration's name, shown when it fails.
    ///   - version: Change it whenever you change the closure, so that the template is rebuilt.
    ///   - body: Runs the migration on the connection it is given.
    public init(
      _ identifier: String,
      version: String,
      body: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) {
      self.identifier = identifier
      self.fingerprint = "closure:" + version
      self.run = body
    }
  }
#endif
