#if Postgres
  internal import Foundation
  internal import PostgresNIO

  /// The connections of transaction mode, each lent to one test at a time, open on a database
  /// cloned from the template for this process.
  ///
  /// A connection waits in the pool inside the test transaction: `BEGIN`, then the savepoint
  /// ``TestTransaction/savepoint``. A test takes one as it is. When the test ends, the rollback to
  /// the savepoint is *sent* on the connection, and the connection is back in the pool at once:
  /// a connection runs its statements in order, so whatever the next test sends runs after the
  /// rollback, and neither end of a test waits for the server (unless the test left statements
  /// running: see ``TransactionEnding``).
  ///
  /// That holds only while the savepoint is there. When the connection's
  /// ``TransactionStatusWatch`` saw the code under test send transaction control of its own
  /// (which may have released or rolled back past the savepoint), the connection is lent again
  /// only once its rollback has succeeded (see ``TransactionReturn``). When the code under test
  /// ended the transaction (a raw `COMMIT`), what it wrote may have been committed: that
  /// database is retired as the test ends, the next test gets a new clone, and the retired one is
  /// dropped once its last connection is back.
  final class TransactionPool: Sendable {
    private let session: ServerSession
    private let template: String
    private let key: String
    private let state = LockedValue(State())

    /// How a test gives its connection back.
    enum Return {
      /// The test left its transaction alone: the rollback is sent and the connection lent again.
      case rollingBack
      /// The code under test sent transaction control of its own: the connection is lent again
      /// once its rollback has succeeded.
      case confirmingRollback
      /// The code under test ended the transaction, or the connection was lost: the database is
      /// retired and the connection closed.
      case retiringDatabase
    }

    private struct State {
      var databases: [String: WorkDatabase] = [:]
      var current: String?
      var creating: Task<String, any Error>?
      var number = 0
      var closed = false
      /// The work started in the background (returns, closes, drops), awaited by ``close()``.
      var background: [Int: Task<Void, Never>] = [:]
      var nextTask = 0
    }

    private struct WorkDatabase {
      var idle: [TestTransaction.Lent] = []
      /// Connections lent to tests, counting those whose rollback is being confirmed.
      var out = 0
      /// Connections whose rollback is being confirmed.
      var confirming = 0
      /// Tests waiting for one of those.
      var waiters: [CheckedContinuation<Checkout, Never>] = []
      var retired = false
    }

    /// What a test that asks for a connection does next.
    private enum Checkout {
      case lend(TestTransaction.Lent)
      case open
      case retry
    }

    /// The server the databases live on.
    var server: PostgresTestServer { session.server }
    /// Whether the server has `ROLLBACK AND CHAIN` (PostgreSQL 12 and later).
    let chainsTransactions: Bool

    init(session: ServerSession, template: String, key: String) {
      self.session = session
      self.template = template
      self.key = key
      self.chainsTransactions = (Int(session.serverVersion) ?? 0) >= 120_000
    }

    /// Lends a connection on the current database: an idle one (`began` set: inside the test
    /// transaction begun then), one whose rollback is being confirmed, or a new one with no
    /// transaction begun yet (`began` nil). A connection the server closed while it was idle is
    /// dropped, never lent.
    func checkout() async throws -> TestTransaction.Lent {
      while true {
        let name = try await currentDatabase()
        let next = await withCheckedContinuation { continuation in
          let now = state.withLock { state -> Checkout? in
            guard var database = state.databases[name], !database.retired else { return .retry }
            defer { state.databases[name] = database }
            if let lent = database.idle.popLast() {
              database.out += 1
              return .lend(lent)
            }
            if database.confirming > 0 {
              database.waiters.append(continuation)
              return nil
            }
            database.out += 1
            return .open
          }
          if let now { continuation.resume(returning: now) }
        }
        switch next {
        case .lend(let lent):
          guard lent.connection.isClosed else { return lent }
          checkin(lent, reusable: false)
        case .open:
          do {
            return try await Self.open(on: session.server, database: name)
          } catch {
            state.withLock { $0.databases[name]?.out -= 1 }
            throw error
          }
        case .retry:
          continue
        }
      }
    }

    /// Takes back a connection at the end of its test, without waiting for the server.
    func giveBack(_ lent: TestTransaction.Lent, _ way: Return) {
      switch way {
      case .rollingBack:
        // A rollback that fails means the transaction was not the test's any more: what was
        // committed in it must reach no later test.
        let back = TransactionReturn.sendRollback(on: lent, chains: chainsTransactions) {
          self.retire(lent.database)
        }
        checkin(back, reusable: true)
      case .confirmingRollback:
        state.withLock { $0.databases[lent.database]?.confirming += 1 }
        inBackground { [chainsTransactions] in
          let back = await TransactionReturn.rolledBack(lent, chains: chainsTransactions)
          if back == nil { await BoundedOperation.close(lent.connection) }
          self.checkin(back ?? lent, reusable: back != nil, confirmed: true)
        }
      case .retiringDatabase:
        retire(lent.database)
        checkin(lent, reusable: false)
      }
    }

    /// Takes back a connection that was never given to a test (its transaction could not begin).
    func discard(_ lent: TestTransaction.Lent) {
      checkin(lent, reusable: false)
    }

    /// Finishes the background work, closes every connection and drops every database.
    func close() async {
      state.withLock { $0.closed = true }
      while let (id, task) = state.withLock({ $0.background.first.map { ($0.key, $0.value) } }) {
        await task.value
        _ = state.withLock { $0.background.removeValue(forKey: id) }
      }
      let names = state.withLock { state in
        state.current = nil
        return Array(state.databases.keys)
      }
      for name in names { await dropDatabase(name) }
    }

    // MARK: - Databases

    private func currentDatabase() async throws -> String {
      enum Next {
        case use(String)
        case wait(Task<String, any Error>)
      }
      let next = state.withLock { state -> Next in
        if let current = state.current { return .use(current) }
        if let creating = state.creating { return .wait(creating) }
        state.number += 1
        let name = DatabaseName.work(key: key, token: session.token, number: state.number)
        let task = Task { [session, template] in
          try await session.clone(template, to: name)
          return name
        }
        state.creating = task
        return .wait(task)
      }
      switch next {
      case .use(let name):
        return name
      case .wait(let task):
        let result = await task.result
        let name = try state.withLock { state -> String in
          if state.creating == task { state.creating = nil }
          let name = try result.get()
          if state.databases[name] == nil {
            state.databases[name] = WorkDatabase()
            state.current = name
          }
          return name
        }
        return name
      }
    }

    /// Never lends `name` again: the tests waiting for it move on, and it is dropped once every
    /// connection to it is back.
    private func retire(_ name: String) {
      let waiters = state.withLock { state -> [CheckedContinuation<Checkout, Never>] in
        if state.current == name { state.current = nil }
        guard var database = state.databases[name] else { return [] }
        database.retired = true
        let waiters = database.waiters
        database.waiters = []
        state.databases[name] = database
        return waiters
      }
      for waiter in waiters { waiter.resume(returning: .retry) }
    }

    private func dropDatabase(_ name: String) async {
      guard let database = state.withLock({ $0.databases.removeValue(forKey: name) }) else {
        return
      }
      for waiter in database.waiters { waiter.resume(returning: .retry) }
      for lent in database.idle { await BoundedOperation.close(lent.connection) }
      try? await session.drop(name)
    }

    // MARK: - Connections

    private static func open(
      on server: PostgresTestServer, database: String
    ) async throws -> TestTransaction.Lent {
      let watch = TransactionStatusWatch()
      let connection = try await ServerSession.connectForTest(
        to: server, database: database, watch: watch)
      return TestTransaction.Lent(
        connection: connection, watch: watch, database: database, began: nil)
    }

    /// Counts a connection back: hands it to a waiting test, or keeps it idle, if `reusable`;
    /// closes it otherwise. A retired database is dropped once its last connection is back.
    private func checkin(_ lent: TestTransaction.Lent, reusable: Bool, confirmed: Bool = false) {
      let name = lent.database
      var handedTo: CheckedContinuation<Checkout, Never>?
      var moveOn: [CheckedContinuation<Checkout, Never>] = []
      var keep = false
      var drop = false
      state.withLock { state in
        guard var database = state.databases[name] else { return }
        defer { state.databases[name] = database }
        if confirmed { database.confirming -= 1 }
        keep = reusable && !database.retired && !state.closed && !lent.connection.isClosed
        if keep, !database.waiters.isEmpty {
          handedTo = database.waiters.removeFirst()
          return
        }
        database.out -= 1
        if keep { database.idle.append(lent) }
        // No connection is coming for the tests still waiting: they open their own.
        if database.confirming == 0 {
          moveOn = database.waiters
          database.waiters = []
        }
        drop = database.retired && database.out == 0
      }
      handedTo?.resume(returning: .lend(lent))
      for waiter in moveOn { waiter.resume(returning: .retry) }
      if !keep { inBackground { await BoundedOperation.close(lent.connection) } }
      if drop { inBackground { await self.dropDatabase(name) } }
    }

    // MARK: - Background work

    /// Runs `work` in a task that ``close()`` awaits.
    private func inBackground(_ work: @escaping @Sendable () async -> Void) {
      state.withLock { state in
        let id = state.nextTask
        state.nextTask += 1
        state.background[id] = Task {
          await work()
          _ = self.state.withLock { $0.background.removeValue(forKey: id) }
        }
      }
    }
  }
#endif
