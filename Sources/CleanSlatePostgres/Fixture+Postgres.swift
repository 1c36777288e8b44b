#if Postgres
  public import CleanSlate
  internal import Foundation
  internal import PostgresNIO

  extension Fixture where Value == PostgresTestConnection {
    /// Creates a fixture that runs every test inside a transaction rolled back when it ends:
    /// the fastest isolation, for code that uses one connection.
    ///
    /// ```swift
    /// extension Fixture where Value == PostgresTestConnection {
    ///   static let playersTransaction = Fixture.postgresTransaction(template: .players)
    /// }
    ///
    /// @Test func savesScores() async throws {
    ///   let connection = try await use(.playersTransaction)
    ///   try await connection.query("UPDATE players SET score = 0")   // undone at the end
    /// }
    /// ```
    ///
    /// The template is built once on the server (see ``PostgresTemplate``), cloned once per test
    /// process, and each test borrows a connection to that clone already inside the test
    /// transaction (`BEGIN`, then a savepoint). Neither end of the test waits for the server: when
    /// the test ends, the rollback to the savepoint is sent on its connection and the connection
    /// goes back to the pool, where the next test's statements will run after that rollback. (A
    /// test that leaves statements running when it ends is the exception: its end waits for their
    /// answers, at most half the teardown limit, so that a `COMMIT` among them is reported against it.) The
    /// application's transactions become savepoints (see
    /// ``PostgresTestConnection``). A transaction the test left open, or one the code under test
    /// ended with a raw `COMMIT`, is reported when the test ends; after a `COMMIT` the database
    /// is replaced before the next test starts, so nothing leaks into later tests.
    /// Concurrent tests each have their own connection and transaction; two that write the same
    /// rows wait for each other's locks, and may deadlock (PostgreSQL then fails one of them):
    /// run such tests one at a time, or use ``CleanSlate/Fixture/postgresDatabase(_:template:server:keepingFailed:ahead:fileID:filePath:line:column:)``
    /// (see <doc:ChoosingAnIsolationMode>).
    ///
    /// - Parameters:
    ///   - name: The fixture's name in failures and in the trace.
    ///   - template: The migrations and seed every test starts from.
    ///   - server: The server; by default ``PostgresTestServer/resolve()``'s: the one the
    ///     environment names, or else a throwaway server CleanSlate starts.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public static func postgresTransaction(
      _ name: String = "postgresTransaction",
      template: PostgresTemplate,
      server: PostgresTestServer? = nil,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) -> Fixture<PostgresTestConnection> {
      let session = Fixture<ServerSession>.postgresSession(
        name, server: server, fileID: fileID, filePath: filePath, line: line, column: column)
      let pool = Fixture<TransactionPool>(
        "\(name) pool", scope: .process, fileID: fileID, filePath: filePath, line: line,
        column: column
      ) { context in
        let session = try await context.use(session)
        let templateName = try await session.ensureTemplate(template)
        let pool = TransactionPool(
          session: session, template: templateName,
          key: template.key(serverVersion: session.serverVersion))
        context.addTeardown { await pool.close() }
        return pool
      }
      return Fixture<PostgresTestConnection>(
        name, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let pool = try await context.use(pool)
        let lent = try await TransactionBeginning.begin(in: pool)
        let connection = PostgresTestConnection(
          underlying: lent.connection, databaseName: lent.database, watch: lent.watch)
        context.addTeardown {
          try TransactionEnding.end(connection, lent: lent, returningTo: pool)
        }
        return connection
      }
    }
  }

  extension Fixture where Value == PostgresTestDatabase {
    /// Creates a fixture that gives every test a database of its own, cloned from the template.
    ///
    /// ```swift
    /// extension Fixture where Value == PostgresTestDatabase {
    ///   static let playersDatabase = Fixture.postgresDatabase(template: .players)
    /// }
    ///
    /// @Test func ranksPlayers() async throws {
    ///   let database = try await use(.playersDatabase)
    ///   let service = RankingService(configuration: database.configuration)
    ///   ...
    /// }
    /// ```
    ///
    /// The template is built once on the server under an advisory lock and reused across runs
    /// (see ``PostgresTemplate``). Clones are made ahead, in the background
    /// (`CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY`, several at once), each with a
    /// connection opened to it, so a test only takes one (after one round trip proves the
    /// connection alive); the pool keeps as many ready as tests have held or waited for at once,
    /// and the clones no test used are left on the server for the next process. When the test
    /// ends its connections are closed (one it left open, or a transaction left open, is reported)
    /// and the database is dropped, both in the background; if the test failed, the database is
    /// kept instead, renamed `cs_kept_…`, its name printed and attached to the test with the
    /// `psql` command that opens it as printed (the test server's password included; on the
    /// throwaway server, it stays 15 minutes after the last test process ends).
    ///
    /// - Parameters:
    ///   - name: The fixture's name in failures and in the trace.
    ///   - template: The migrations and seed every test starts from; by default none
    ///     (``PostgresTemplate/empty``), for an app that makes its own schema.
    ///   - server: The server; by default ``PostgresTestServer/resolve()``'s: the one the
    ///     environment names, or else a throwaway server CleanSlate starts.
    ///   - keepingFailed: Whether to keep the database of a failed test for inspection (a run
    ///     with `CLEANSLATE_KEEP_FAILED=0` keeps none, whatever this says).
    ///   - ahead: How many clones (each with an open connection) to keep ready at least; the pool
    ///     keeps more when more tests run at once (up to 16).
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public static func postgresDatabase(
      _ name: String = "postgresDatabase",
      template: PostgresTemplate = .empty,
      server: PostgresTestServer? = nil,
      keepingFailed: Bool = true,
      ahead: Int = 2,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) -> Fixture<PostgresTestDatabase> {
      let session = Fixture<ServerSession>.postgresSession(
        name, server: server, fileID: fileID, filePath: filePath, line: line, column: column)
      let pool = Fixture<ClonePool>(
        "\(name) pool", scope: .process, fileID: fileID, filePath: filePath, line: line,
        column: column
      ) { context in
        let session = try await context.use(session)
        let templateName = try await session.ensureTemplate(template)
        let pool = ClonePool(
          session: session, template: templateName,
          key: template.key(serverVersion: session.serverVersion), ahead: ahead)
        context.addTeardown { await pool.close() }
        await pool.start()
        return pool
      }
      return Fixture<PostgresTestDatabase>(
        name, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let pool = try await context.use(pool)
        let session = try await context.use(session)
        let clone: ClonePool.Clone
        if let ready = await pool.takeReady() {
          clone = ready
        } else {
          clone = try await context.waiting(for: "a database clone") { try await pool.checkout() }
        }
        let databaseName = clone.name
        let watched: WatchedConnection
        do {
          watched = try await DatabaseHandOver.liveConnection(of: clone, on: session.server)
        } catch {
          await pool.drop(databaseName)
          throw error
        }
        let connection = watched.connection
        let database = PostgresTestDatabase(
          name: databaseName, server: session.server, connection: watched)
        let keptNote = LockedValue<String?>(nil)
        context.addFailureAttachment(named: "\(name) database.txt") {
          keptNote.withLock { $0 }
        }
        context.addFailureNote {
          database.settingsOffer.unreadExplanation(database: databaseName, on: session.server)
        }
        context.addTeardown {
          let problems = await database.finish()
          // An app that never read the settings offered to it never used the database: nothing
          // in it is worth keeping.
          if keepingFailed && context.testFailed && !database.settingsOffer.isUnread
            && KeepFailedSetting.current != .keepNothing
          {
            await BoundedOperation.close(connection)
            let kept = DatabaseName.kept(databaseName)
            await pool.keptAside()
            try await session.rename(databaseName, to: kept)
            let note = KeptDatabase.note(kept, on: session.server)
            keptNote.withLock { $0 = note }
            FileHandle.standardError.write(
              Data(
                "CleanSlate kept the database of failed test '\(context.scopeName)': \(note)\n".utf8
              ))
          } else {
            await pool.drop(databaseName, closing: connection)
          }
          if !problems.isEmpty { throw PostgresFixtureError(problems.joined(separator: "; ")) }
        }
        return database
      }
    }
  }

  extension Fixture where Value == ServerSession {
    /// The process-scoped fixture holding a PostgreSQL fixture's session with its server.
    static func postgresSession(
      _ name: String,
      server: PostgresTestServer?,
      fileID: String,
      filePath: String,
      line: Int,
      column: Int
    ) -> Fixture<ServerSession> {
      Fixture<ServerSession>(
        "\(name) server", scope: .process, fileID: fileID, filePath: filePath, line: line,
        column: column
      ) { context in
        let session: ServerSession
        if let server {
          session = try await ServerSession.open(server)
        } else {
          session = try await ServerSession.open(PostgresTestServer.resolve())
        }
        context.addTeardown { await session.close() }
        return session
      }
    }
  }
#endif
