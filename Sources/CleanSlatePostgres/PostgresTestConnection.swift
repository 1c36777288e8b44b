#if Postgres
  public import PostgresNIO

  /// A test's connection in transaction mode: everything it does happens inside one transaction
  /// that is rolled back when the test ends.
  ///
  /// Hand it to the code under test in place of a connection. Its transactions become
  /// savepoints, so they commit and roll back as the code expects without ending the test's
  /// transaction:
  ///
  /// ```swift
  /// let connection = try await use(.playersTransaction)
  /// try await connection.withTransaction { connection in       // SAVEPOINT … RELEASE
  ///   try await connection.query("INSERT INTO players VALUES (1, 'Ada', 10)")
  /// }
  /// ```
  ///
  /// A `BEGIN`, `COMMIT` or `ROLLBACK` sent through ``query(_:logger:file:line:)`` is turned into
  /// `SAVEPOINT`, `RELEASE SAVEPOINT` or `ROLLBACK TO SAVEPOINT`. PostgresNIO's own
  /// `withTransaction` on ``underlying`` sends a real `BEGIN`/`COMMIT`, which would end the test's
  /// transaction: CleanSlate reads the server's answer to it as it arrives (a `COMMIT`, or a
  /// connection left outside any transaction), reports it when the test ends, and never gives
  /// that database to another test (the next one gets a fresh clone of the template), so
  /// committed rows cannot leak into later tests.
  public final class PostgresTestConnection: Sendable {
    /// The PostgresNIO connection underneath. Transaction-control statements sent through it
    /// directly are not turned into savepoints; a `COMMIT` there ends the test's transaction and
    /// is reported.
    public let underlying: PostgresConnection
    /// The database the connection is open on.
    public let databaseName: String
    private let savepoints = LockedValue(Savepoints())
    /// Told of the savepoint statements this connection sends, which are not the code under
    /// test's own transaction control.
    private let watch: TransactionStatusWatch?

    private struct Savepoints {
      var open: [String] = []
      var created = 0
    }

    init(
      underlying: PostgresConnection, databaseName: String, watch: TransactionStatusWatch? = nil
    ) {
      self.underlying = underlying
      self.databaseName = databaseName
      self.watch = watch
    }

    /// Runs a query inside the test's transaction, turning transaction control into savepoints.
    @discardableResult
    public func query(
      _ query: PostgresQuery,
      logger: Logger? = nil,
      file: String = #fileID,
      line: Int = #line
    ) async throws -> PostgresRowSequence {
      let logger = logger ?? .cleanSlate
      try checkOpen()
      switch TransactionStatement(sql: query.sql) {
      case nil:
        return try await underlying.query(query, logger: logger, file: file, line: line)
      case .begin:
        return try await run("SAVEPOINT \(pushSavepoint())", logger: logger)
      case .commit:
        guard let savepoint = popSavepoint() else {
          return try await run("SELECT WHERE false", logger: logger)
        }
        return try await run("RELEASE SAVEPOINT \(savepoint)", logger: logger)
      case .rollback:
        guard let savepoint = popSavepoint() else {
          return try await run("SELECT WHERE false", logger: logger)
        }
        try await run("ROLLBACK TO SAVEPOINT \(savepoint)", logger: logger)
        return try await run("RELEASE SAVEPOINT \(savepoint)", logger: logger)
      }
    }

    /// Runs `body` in a savepoint: released when it returns, rolled back to when it throws.
    ///
    /// This is the test-safe `withTransaction`: to the code inside, it behaves like a transaction
    /// (its changes are undone together when it throws), and it never ends the test's transaction.
    @discardableResult
    public func withTransaction<Result: Sendable>(
      logger: Logger? = nil,
      _ body: (PostgresTestConnection) async throws -> Result
    ) async throws -> Result {
      let logger = logger ?? .cleanSlate
      let savepoint = pushSavepoint()
      try await run("SAVEPOINT \(savepoint)", logger: logger)
      do {
        let result = try await body(self)
        endSavepoint(savepoint)
        try await run("RELEASE SAVEPOINT \(savepoint)", logger: logger)
        return result
      } catch {
        endSavepoint(savepoint)
        _ = try? await run("ROLLBACK TO SAVEPOINT \(savepoint)", logger: logger)
        _ = try? await run("RELEASE SAVEPOINT \(savepoint)", logger: logger)
        throw error
      }
    }

    /// The savepoints opened with `BEGIN` and not yet ended, innermost last.
    var openSavepoints: [String] { savepoints.withLock { $0.open } }

    @discardableResult
    private func run(_ sql: String, logger: Logger) async throws -> PostgresRowSequence {
      try checkOpen()
      watch?.expectOwnStatements(1)
      return try await underlying.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }

    /// Fails at once, with a message of CleanSlate's, on a connection that is closed (PostgresNIO
    /// would fail the query too, with its own error: see ``RelayChannel``).
    private func checkOpen() throws {
      guard underlying.isClosed else { return }
      throw PostgresFixtureError(
        "the server closed the test's connection to '\(databaseName)'; the test's transaction is gone"
      )
    }

    private func pushSavepoint() -> String {
      savepoints.withLock { state in
        state.created += 1
        let name = "cleanslate_\(state.created)"
        state.open.append(name)
        return name
      }
    }

    private func popSavepoint() -> String? {
      savepoints.withLock { $0.open.popLast() }
    }

    /// Forgets `savepoint` and any opened inside it, which ending it in SQL ends too.
    private func endSavepoint(_ savepoint: String) {
      savepoints.withLock { state in
        if let index = state.open.lastIndex(of: savepoint) { state.open.removeSubrange(index...) }
      }
    }
  }
#endif
