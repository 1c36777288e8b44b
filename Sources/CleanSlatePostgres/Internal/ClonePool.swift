#if Postgres
  internal import PostgresNIO

  /// Databases cloned from one template ahead of the tests that will need them, each with a
  /// connection already open to it.
  ///
  /// A test takes a ready clone without waiting for `CREATE DATABASE` or for connecting; the pool
  /// then clones and connects the next one in the background. Databases the tests are done with
  /// are closed and dropped in the background too. At the end of the process every clone still
  /// ready is dropped, and every drop awaited.
  actor ClonePool {
    /// A database cloned for one test, and the connection opened to it ahead (`nil` when opening
    /// it failed: the test connects itself, and reports the failure).
    struct Clone: Sendable {
      let name: String
      let connection: PostgresConnection?
    }

    private let session: ServerSession
    private let template: String
    private let key: String
    /// How many clones to keep ready.
    private let ahead: Int
    private var ready: [Clone] = []
    private var number = 0
    private var filling: Task<Void, Never>?
    /// The drops under way, each removing itself when done.
    private var drops: [Int: Task<Void, Never>] = [:]
    private var nextDrop = 0
    private var closed = false

    init(session: ServerSession, template: String, key: String, ahead: Int = 2) {
      self.session = session
      self.template = template
      self.key = key
      self.ahead = ahead
    }

    /// Returns a fresh database for one test: a ready clone if there is one, else a new clone.
    func checkout() async throws -> Clone {
      if let clone = takeReady() { return clone }
      if let filling {
        await filling.value
        if let clone = takeReady() { return clone }
      }
      let name = nextName()
      try await session.clone(template, to: name)
      refill()
      return Clone(name: name, connection: nil)
    }

    /// Starts cloning and connecting in the background until `ahead` clones are ready.
    func refill() {
      guard filling == nil, !closed, ready.count < ahead else { return }
      filling = Task {
        while !self.closed, self.ready.count < self.ahead {
          let name = self.nextName()
          do {
            try await self.session.clone(self.template, to: name)
          } catch {
            break  // the test that needs one clones it itself, and reports the failure
          }
          let connection = try? await ServerSession.connectForTest(
            to: self.session.server, database: name)
          self.ready.append(Clone(name: name, connection: connection))
        }
        self.filling = nil
      }
    }

    /// Closes a connection, then drops a database, in the background.
    func drop(_ name: String, closing connection: PostgresConnection? = nil) {
      let id = nextDrop
      nextDrop += 1
      drops[id] = Task { [session] in
        if let connection { await BoundedOperation.close(connection) }
        try? await session.drop(name)
        self.dropFinished(id)
      }
    }

    private func dropFinished(_ id: Int) {
      drops[id] = nil
    }

    /// Stops cloning, drops the ready clones and waits for every drop.
    func close() async {
      closed = true
      await filling?.value
      for clone in ready { drop(clone.name, closing: clone.connection) }
      ready = []
      while let drop = drops.values.first { await drop.value }
    }

    private func takeReady() -> Clone? {
      guard !ready.isEmpty else { return nil }
      let clone = ready.removeFirst()
      refill()
      return clone
    }

    private func nextName() -> String {
      number += 1
      return DatabaseName.clone(key: key, token: session.token, number: number)
    }
  }
#endif
