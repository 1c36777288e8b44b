#if Postgres
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import PostgresNIO
  import Testing

  /// Transaction-mode tests share one database and write the same rows. Run at the same time,
  /// their transactions wait on each other's row locks and can deadlock, which PostgreSQL ends by
  /// failing one of them (the documented limit of transaction mode); so these suites, and the
  /// server-goes-away tests, run one test at a time.
  @Suite(.serialized) enum TransactionModeSerially {}

  extension TransactionModeSerially {
    @Suite(.cleanSlate, postgresTests) struct TransactionModeTests {
      @Test func aTestCanDeleteEverything() async throws {
        let connection = try await use(.playersTransaction)
        try await connection.query("DELETE FROM players")
        #expect(try await connection.integer("SELECT count(*) FROM players") == 0)
      }

      @Test func anotherTestStillSeesTheSeed() async throws {
        let connection = try await use(.playersTransaction)
        #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
        try await connection.query("INSERT INTO players VALUES (101, 'Ada', 1)")
      }

      @Test func withTransactionIsASavepoint() async throws {
        let connection = try await use(.playersTransaction)
        // When the code under test commits one transaction and rolls another back.
        try await connection.withTransaction { connection in
          try await connection.query("DELETE FROM players WHERE id > 50")
        }
        await #expect(throws: Oops.self) {
          try await connection.withTransaction { connection in
            try await connection.query("DELETE FROM players")
            throw Oops()
          }
        }
        // Then the committed one is visible inside the test, the other undone.
        #expect(try await connection.integer("SELECT count(*) FROM players") == 50)
      }
    }
  }

  struct Oops: Error {}

  extension TransactionModeSerially {
    @Suite(postgresTests) struct TransactionModeIsolationTests {
      @Test func beginAndCommitThroughTheConnectionBecomeSavepointsAndLeakNothing() async throws {
        // Given a test whose code sends BEGIN … COMMIT through its connection.
        let process = makeProcessScope()
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          try await connection.query("BEGIN")
          try await connection.query("DELETE FROM players")
          try await connection.query("COMMIT")
          try await connection.query("START TRANSACTION ISOLATION LEVEL SERIALIZABLE")
          try await connection.query("INSERT INTO players VALUES (500, 'Eve', 1)")
          try await connection.query("ROLLBACK")
          #expect(try await connection.integer("SELECT count(*) FROM players") == 0)
        }
        // Then nothing is reported, and the next test sees every seeded row.
        #expect(failures.isEmpty)
        #expect(try await nextTest(in: process).players == 100)
        await process.end()
      }

      @Test func aRawCommitIsReportedAndCannotLeakIntoTheNextTest() async throws {
        // Given a test whose code uses PostgresNIO's own withTransaction, a real BEGIN/COMMIT.
        let process = makeProcessScope()
        let first = Box<String>("")
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          first.value = connection.databaseName
          _ = try await connection.underlying.withTransaction(logger: Logger(label: "tests")) {
            raw in
            try await raw.query("DELETE FROM players", logger: Logger(label: "tests"))
          }
        }
        // Then its end reports that the test's transaction was ended.
        #expect(failures.count == 1)
        #expect(failures.first?.summary.contains("ended the test's transaction") == true)
        // And the next test gets another database, with every seeded row.
        let next = try await nextTest(in: process)
        #expect(next.database != first.value)
        #expect(next.players == 100)
        await process.end()
        // And the database the rows leaked into is gone.
        #expect(try await serverDatabases(prefix: first.value).isEmpty)
      }

      @Test func aRawCommitStillRunningWhenTheTestEndsIsReportedAgainstThatTest() async throws {
        try await HeldAdvisoryLock.using { lock in
          // Given a test that leaves a raw COMMIT running when it ends: queued behind a statement
          // that waits for an advisory lock another session holds until the test's end has begun.
          let process = ScopeRuntime(
            .process, name: "process", parent: nil,
            observer: .some(ReleaseWhenTeardownBegins("postgresTransaction", lock)),
            sink: .collecting)
          let first = Box<String>("")
          let failures = try await runTestScope(in: process) {
            let connection = try await use(.playersTransaction)
            first.value = connection.databaseName
            try await connection.query("DELETE FROM players")
            try await lock.sendStatementWaitingForIt(on: connection)
            let commit: EventLoopFuture<PostgresQueryResult> = connection.underlying.query(
              "COMMIT", logger: Logger(label: "tests"))
            _ = commit
          }
          // Then its end reports, once, that the test's transaction was ended.
          #expect(failures.count == 1)
          #expect(failures.first?.summary.contains("ended the test's transaction") == true)
          // And the next test, with nothing reported, gets another database with every seeded
          // row.
          await expectAFreshDatabase(forTheNextTestIn: process, not: first.value)
          await process.end()
        }
      }

      @Test func aConnectionIsHandedOverAlreadyInsideAFreshTestTransaction() async throws {
        // Given a test that wrote rows and changed a setting on its connection.
        let process = makeProcessScope()
        let firstPID = Box<Int>(0)
        let first = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          firstPID.value = try await connection.underlying.integer("SELECT pg_backend_pid()")
          try await connection.query("DELETE FROM players")
          try await connection.query("SET application_name = 'changed by a test'")
        }
        #expect(first.isEmpty)
        // When the next tests borrow connections, until one gets the same connection again.
        var reused = false
        for _ in 1...4 where !reused {
          let pid = Box<Int>(0)
          let next = try await runTestScope(in: process) {
            let connection = try await use(.playersTransaction)
            pid.value = try await connection.underlying.integer("SELECT pg_backend_pid()")
            // Then each is already inside the test transaction, at its savepoint, with every
            // seeded row and none of the earlier test's settings.
            try await connection.underlying.query(
              "ROLLBACK TO SAVEPOINT cleanslate_test_transaction", logger: Logger(label: "tests"))
            #expect(try await connection.integer("SELECT count(*) FROM players") == 100)
            let name = try await connection.query("SHOW application_name").collect().first?
              .decode(String.self)
            #expect(name != "changed by a test")
          }
          #expect(next.isEmpty)
          reused = pid.value == firstPID.value
        }
        // And the first test's connection was lent again: rolled back, not replaced.
        #expect(reused)
        await process.end()
      }

      @Test func aTransactionThatWaitedTooLongIsRestartedBeforeItIsLent() async throws {
        // Given connections back in the pool.
        let process = makeProcessScope()
        _ = try await runTestScope(in: process) {
          _ = try await use(.playersTransaction)
        }
        // When the next test comes after their transactions' freshness ran out.
        try await Task.sleep(for: .milliseconds(100))
        let asked = Int((Date().timeIntervalSince1970 * 1000).rounded(.down))
        let next = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          // Then it runs in a transaction begun for it: now(), the transaction's start, is not
          // before the test asked for it, while the transactions in the pool began at least
          // 100 ms earlier. (Measured against the asking, not as an age: on a busy machine a
          // transaction begun for the test can be tens of milliseconds old at its first query.)
          let started = try await connection.integer(
            "SELECT floor(extract(epoch FROM now()) * 1000)::bigint")
          #expect(started >= asked - 20)
          try await connection.underlying.query(
            "ROLLBACK TO SAVEPOINT cleanslate_test_transaction", logger: Logger(label: "tests"))
        }
        #expect(next.isEmpty)
        await process.end()
      }

      @Test func theEndOfATestWaitsForTheStatementsItLeftRunning() async throws {
        // Given a test that leaves a slow statement running on its connection.
        let process = makeProcessScope()
        let slow = Box<EventLoopFuture<PostgresQueryResult>?>(nil)
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          slow.value = connection.underlying.query(
            "SELECT pg_sleep(0.3)", logger: Logger(label: "tests"))
        }
        // When the test has ended.
        // Then its end waited for the statement's answer, and reported nothing.
        #expect(failures.isEmpty)
        let running = try await withAdminConnection { admin in
          try await admin.integer(
            "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT pg_sleep(0.3)'"
          )
        }
        #expect(running == 0)
        // And the next test sees every seeded row.
        _ = try await slow.value?.get()
        #expect(try await nextTest(in: process).players == 100)
        await process.end()
      }

      @Test func aStatementLeftRunningThatNeverFinishesIsReportedAndItsDatabaseRetired()
        async throws
      {
        try await HeldAdvisoryLock.using { lock in
          // Given a test that leaves running a statement that waits for a lock nobody releases.
          let process = makeProcessScope()
          let first = Box<String>("")
          let failures = try await runTestScope(in: process) {
            let connection = try await use(.playersTransaction)
            first.value = connection.databaseName
            try await lock.sendStatementWaitingForIt(on: connection)
          }
          // Then its end reports the statement, once it gave up waiting for it.
          #expect(failures.count == 1)
          #expect(failures.first?.summary.contains("left statements running") == true)
          // And the next test gets another database, with nothing reported.
          await expectAFreshDatabase(forTheNextTestIn: process, not: first.value)
          await process.end()
        }
      }

      @Test func aFailedStatementIsRolledBackWithoutAReport() async throws {
        // Given a test whose statement fails, leaving its transaction failed.
        let process = makeProcessScope()
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          try await connection.query("DELETE FROM players WHERE id > 1")
          await #expect(throws: (any Error).self) {
            try await connection.query("INSERT INTO players VALUES (1, 'duplicate', 0)")
          }
        }
        // Then its end reports nothing, and the next test sees every seeded row.
        #expect(failures.isEmpty)
        let next = try await nextTest(in: process)
        #expect(next.players == 100)
        #expect(next.failures.isEmpty)
        await process.end()
      }

      @Test(arguments: [
        // A commit, then a new transaction past the savepoints.
        ["DELETE FROM players", "COMMIT", "BEGIN"],
        // A commit that chains a new transaction: the connection is inside one again.
        ["DELETE FROM players", "COMMIT AND CHAIN"],
        // A rollback, then writes outside the test's transaction, each committing on its own.
        ["ROLLBACK", "DELETE FROM players WHERE id > 10"],
      ])
      func aTransactionEndedPastTheSavepointsIsCaught(statements: [String]) async throws {
        // Given code that sends these statements on the raw connection.
        let process = makeProcessScope()
        let first = Box<String>("")
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          first.value = connection.databaseName
          try await connection.sendRaw(statements)
        }
        // Then it is reported, and the next test gets another database with every seeded row.
        #expect(failures.count == 1)
        #expect(failures.first?.summary.contains("ended the test's transaction") == true)
        let next = try await nextTest(in: process)
        #expect(next.database != first.value)
        #expect(next.players == 100)
        await process.end()
      }

      @Test(arguments: [
        // Releases the test's savepoint, then writes in the transaction it leaves.
        ["RELEASE SAVEPOINT cleanslate_test_transaction", "DELETE FROM players"],
        // Rolls back and chains a new transaction, then writes in it: nothing is committed.
        ["DELETE FROM players WHERE id > 50", "ROLLBACK AND CHAIN", "DELETE FROM players"],
        // Savepoints of its own, on the raw connection.
        ["SAVEPOINT mine", "DELETE FROM players", "RELEASE SAVEPOINT mine"],
      ])
      func transactionControlOfItsOwnNeverReachesTheNextTest(statements: [String]) async throws {
        // Given code that sends these statements on the raw connection, which do not end the
        // transaction but may take the test's savepoint away.
        let process = makeProcessScope()
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          try await connection.sendRaw(statements)
        }
        // Then nothing is reported, and the next tests see every seeded row.
        #expect(failures.isEmpty)
        for _ in 1...2 { #expect(try await nextTest(in: process).players == 100) }
        await process.end()
      }

      @Test func aTransactionLeftOpenIsReported() async throws {
        let process = makeProcessScope()
        let failures = try await runTestScope(in: process) {
          let connection = try await use(.playersTransaction)
          try await connection.query("BEGIN")
          try await connection.query("DELETE FROM players")
        }
        await process.end()
        #expect(failures.count == 1)
        #expect(failures.first?.summary.contains("left 1 transaction(s) open") == true)
      }

    }
  }

  /// Runs one more transaction-mode test in `process`, and expects it to run, with nothing
  /// reported, on a database other than `retired`, with every seeded row.
  private func expectAFreshDatabase(
    forTheNextTestIn process: ScopeRuntime, not retired: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    do {
      let next = try await nextTest(in: process)
      #expect(next.failures.isEmpty, sourceLocation: sourceLocation)
      #expect(next.database != retired, sourceLocation: sourceLocation)
      #expect(next.players == 100, sourceLocation: sourceLocation)
    } catch {
      Issue.record(error, "the next test failed", sourceLocation: sourceLocation)
    }
  }

  /// Runs one more transaction-mode test in `process`: how many players it saw, on which
  /// database, and what its end reported.
  private func nextTest(
    in process: ScopeRuntime
  ) async throws -> (players: Int, database: String, failures: [CleanSlateError]) {
    let seen = Box((players: -1, database: ""))
    let failures = try await runTestScope(in: process) {
      let connection = try await use(.playersTransaction)
      seen.value = (
        try await connection.integer("SELECT count(*) FROM players"), connection.databaseName
      )
    }
    return (seen.value.players, seen.value.database, failures)
  }

  extension PostgresTestConnection {
    /// Sends `statements` on the raw connection, past the savepoints, as code that uses
    /// PostgresNIO directly does.
    fileprivate func sendRaw(_ statements: [String]) async throws {
      for statement in statements {
        try await underlying.query(
          PostgresQuery(unsafeSQL: statement), logger: Logger(label: "tests"))
      }
    }
  }

  /// An advisory lock held by a session of its own: statements on the same database that ask for
  /// it wait on the server until it is released.
  final class HeldAdvisoryLock: Sendable {
    let key = Int64.random(in: 1...Int64.max)
    private let connection = Box<PostgresConnection?>(nil)

    private init() {}

    /// Runs `body` with a lock to take, and closes the connection that holds it afterwards.
    static func using(_ body: (HeldAdvisoryLock) async throws -> Void) async throws {
      let lock = HeldAdvisoryLock()
      do {
        try await body(lock)
      } catch {
        try? await lock.connection.value?.close()
        throw error
      }
      try? await lock.connection.value?.close()
    }

    /// Takes the lock on `connection`'s database (advisory locks belong to one database), then
    /// sends, on `connection` past the savepoints and without waiting for it, a statement that
    /// waits on the server until the lock is released; what is sent after it waits behind it.
    func sendStatementWaitingForIt(on connection: PostgresTestConnection) async throws {
      let server = try await configuredServer()
      let holder = try await PostgresConnection.connect(
        configuration: server.configuration(database: connection.databaseName), id: 1,
        logger: Logger(label: "tests"))
      self.connection.value = holder
      try await holder.query("SELECT pg_advisory_lock(\(key))", logger: Logger(label: "tests"))
      // PostgresNIO's future-returning query: written at once, and not awaited.
      let waiting: EventLoopFuture<PostgresQueryResult> = connection.underlying.query(
        "SELECT pg_advisory_xact_lock(\(key))", logger: Logger(label: "tests"))
      _ = waiting
    }

    func release() async {
      _ = try? await connection.value?.query(
        "SELECT pg_advisory_unlock(\(key))", logger: Logger(label: "tests"))
    }
  }

  /// Releases a lock as the teardown of a test's fixture begins, once: how a test holds a
  /// statement in flight until its test's end is under way, without sleeping.
  struct ReleaseWhenTeardownBegins: LifecycleObserver {
    let fixture: String
    let lock: HeldAdvisoryLock
    private let released = Box(false)

    init(_ fixture: String, _ lock: HeldAdvisoryLock) {
      self.fixture = fixture
      self.lock = lock
    }

    func observe(_ event: LifecycleEvent) {
      guard event.phase == .teardownBegin, event.scope == .test, event.fixture == fixture,
        !released.value
      else { return }
      released.value = true
      Task { [lock] in await lock.release() }
    }
  }
#endif
