#if Postgres
  internal import Foundation
  internal import PostgresNIO

  /// Databases cloned from one template ahead of the tests that will need them, each with a
  /// connection already open to it.
  ///
  /// A test takes a ready clone without waiting for `CREATE DATABASE` or for connecting; the pool
  /// then clones and connects the next ones in the background. It keeps as many ready as tests
  /// have held or waited for clones at once so far (at least `ahead`, at most
  /// ``maximumAhead``), so that the next burst of parallel tests finds theirs ready; and it
  /// clones several at once (``concurrentClones``, each on a maintenance connection of its own),
  /// so that tests that find none ready wait for one clone, not for a queue of them. Databases the
  /// tests are done with are closed and dropped in the background too. At the end of the process
  /// every clone still ready is left on the server as a spare for the next process (see
  /// ``ServerSession/leaveSpare(_:of:key:)``), which takes spares before it clones.
  /// Every drop is awaited.
  actor ClonePool {
    /// A database cloned for one test, and the connection opened to it ahead (`nil` when opening
    /// it failed: the test connects itself, and reports the failure).
    struct Clone: Sendable {
      let name: String
      let connection: WatchedConnection?
    }

    /// The most clones kept ready, however many tests ran at once.
    static let maximumAhead = 16

    /// How many clones are made at once: two per core (CREATE DATABASE waits on the server's
    /// checkpoints, which concurrent clones share), at least two.
    static let concurrentClones = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)

    private let session: ServerSession
    private let template: String
    private let key: String
    /// How many clones to keep ready now.
    private var ahead: Int
    private var ready: [Clone] = []
    /// Spares other processes left, to take before cloning.
    private var spares: [String] = []
    /// Tests waiting for a clone, first come first served.
    private var waiters: [CheckedContinuation<Clone, any Error>] = []
    /// Clones being made.
    private var cloning = 0
    /// Clones handed to tests and not yet given back.
    private var held = 0
    /// The last clone that failed, while none has succeeded since: the next waiter gets it, and
    /// nothing more is cloned in the background until a test asks again.
    private var failing = false
    private var number = 0
    /// Maintenance connections free for the next clone.
    private var idleConnections: [PostgresConnection] = []
    /// The clones and drops under way, each removing itself when done.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    private var closed = false

    init(session: ServerSession, template: String, key: String, ahead: Int = 2) {
      self.session = session
      self.template = template
      self.key = key
      self.ahead = min(max(ahead, 0), Self.maximumAhead)
    }

    /// Starts filling the pool: with the spares other processes left first.
    func start() async {
      spares = (try? await session.spares(of: template, key: key)) ?? []
      refill()
    }

    /// A ready clone for one test, if there is one; otherwise `nil`, without waiting.
    func takeReady() -> Clone? {
      guard !ready.isEmpty else { return nil }
      held += 1
      let clone = ready.removeFirst()
      noteDemand()
      refill()
      return clone
    }

    /// Returns a fresh database for one test: a ready clone if there is one, else the next one
    /// made.
    func checkout() async throws -> Clone {
      if let clone = takeReady() { return clone }
      if closed { throw CancellationError() }
      failing = false
      return try await withCheckedThrowingContinuation { continuation in
        waiters.append(continuation)
        noteDemand()
        refill()
      }
    }

    /// Starts cloning and connecting in the background until the tests waiting and `ahead` more
    /// are served.
    func refill() {
      guard !closed, !failing else { return }
      while cloning < Self.concurrentClones, ready.count + cloning < waiters.count + ahead {
        cloning += 1
        number += 1
        let name = DatabaseName.clone(key: key, token: session.token, number: number)
        let spare = spares.isEmpty ? nil : spares.removeFirst()
        run { pool in await pool.made(name, result: await pool.makeClone(name, from: spare)) }
      }
    }

    /// Gives back a test's clone: closes its connection, then drops the database, in the
    /// background.
    func drop(_ name: String, closing connection: PostgresConnection? = nil) {
      held = max(0, held - 1)
      dropInBackground(name, closing: connection)
    }

    /// Notes that a test's clone was kept (renamed, never dropped) rather than given back.
    func keptAside() {
      held = max(0, held - 1)
    }

    /// Stops cloning, fails the tests still waiting, drops the ready clones and waits for every
    /// clone and drop.
    func close() async {
      closed = true
      let stranded = waiters
      waiters = []
      for waiter in stranded { waiter.resume(throwing: CancellationError()) }
      for clone in ready { leaveSpareInBackground(clone) }
      ready = []
      // A clone still being made is dropped once made.
      while let task = tasks.values.first { await task.value }
      for connection in idleConnections { try? await connection.close() }
      idleConnections = []
    }

    // MARK: - Cloning

    /// Raises how many clones to keep ready to the most tests that have held or waited for one
    /// at once.
    private func noteDemand() {
      ahead = min(Self.maximumAhead, max(ahead, held + waiters.count))
    }

    /// Takes `spare` as `name` (a rename, through the session's connection), or else clones the
    /// template into `name` on a maintenance connection of the pool's; then opens the test's
    /// connection to it.
    private nonisolated func makeClone(
      _ name: String, from spare: String?
    ) async -> Result<Clone, any Error> {
      if let spare, await session.take(spare, as: name) {
        // A clone of the template already.
      } else {
        do {
          let connection = try await self.maintenanceConnection()
          try await ServerSession.clone(
            template, to: name, on: connection, server: session.server)
          await self.giveBack(connection)
        } catch {
          return .failure(error)
        }
      }
      let opened = try? await WatchedConnection.open(to: session.server, database: name)
      return .success(Clone(name: name, connection: opened))
    }

    /// Hands a clone just made to the first test waiting, or keeps it ready; a failure goes to the
    /// first test waiting, which reports it.
    private func made(_ name: String, result: Result<Clone, any Error>) {
      cloning -= 1
      switch result {
      case .success(let clone):
        failing = false
        if closed {
          leaveSpareInBackground(clone)
        } else if waiters.isEmpty {
          ready.append(clone)
        } else {
          held += 1
          waiters.removeFirst().resume(returning: clone)
        }
      case .failure(let error):
        failing = true
        if !waiters.isEmpty { waiters.removeFirst().resume(throwing: error) }
      }
      refill()
    }

    private func leaveSpareInBackground(_ clone: Clone) {
      run { [session, template, key] _ in
        if let connection = clone.connection?.connection {
          await BoundedOperation.close(connection)
        }
        await session.leaveSpare(clone.name, of: template, key: key)
      }
    }

    private func dropInBackground(_ name: String, closing connection: PostgresConnection?) {
      run { [session] _ in
        if let connection { await BoundedOperation.close(connection) }
        try? await session.drop(name)
      }
    }

    private func maintenanceConnection() async throws -> PostgresConnection {
      while let connection = idleConnections.popLast() {
        if !connection.isClosed { return connection }
      }
      return try await ServerSession.connect(to: session.server, database: session.server.database)
    }

    private func giveBack(_ connection: PostgresConnection) async {
      if closed || connection.isClosed {
        try? await connection.close()
      } else {
        idleConnections.append(connection)
      }
    }

    /// Runs `work` in a task the pool keeps until it is done.
    private func run(_ work: @escaping @Sendable (ClonePool) async -> Void) {
      let id = nextTask
      nextTask += 1
      tasks[id] = Task {
        await work(self)
        self.finished(id)
      }
    }

    private func finished(_ id: Int) {
      tasks[id] = nil
    }
  }
#endif
