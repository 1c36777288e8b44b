/// Databases cloned from one template ahead of the tests that will need them.
///
/// A test takes a ready clone without waiting for `CREATE DATABASE`; the pool then clones the
/// next one in the background. Databases the tests are done with are dropped in the background
/// too. At the end of the process every clone still ready is dropped, and every drop awaited.
actor ClonePool {
  private let session: ServerSession
  private let template: String
  private let key: String
  /// How many clones to keep ready.
  private let ahead: Int
  private var ready: [String] = []
  private var number = 0
  private var filling: Task<Void, Never>?
  private var drops: [Task<Void, Never>] = []
  private var closed = false

  init(session: ServerSession, template: String, key: String, ahead: Int = 2) {
    self.session = session
    self.template = template
    self.key = key
    self.ahead = ahead
  }

  /// Returns a fresh database for one test: a ready clone if there is one, else a new clone.
  func checkout() async throws -> String {
    if let name = ready.first {
      ready.removeFirst()
      refill()
      return name
    }
    if let filling {
      await filling.value
      if let name = ready.first {
        ready.removeFirst()
        refill()
        return name
      }
    }
    let name = nextName()
    try await session.clone(template, to: name)
    refill()
    return name
  }

  /// Starts cloning in the background until `ahead` clones are ready.
  func refill() {
    guard filling == nil, !closed, ready.count < ahead else { return }
    filling = Task {
      while !self.closed, self.ready.count < self.ahead {
        let name = self.nextName()
        do {
          try await self.session.clone(self.template, to: name)
          self.ready.append(name)
        } catch {
          break  // the test that needs one clones it itself, and reports the failure
        }
      }
      self.filling = nil
    }
  }

  /// Drops a database in the background.
  func drop(_ name: String) {
    drops.append(Task { try? await session.drop(name) })
  }

  /// Stops cloning, drops the ready clones and waits for every drop.
  func close() async {
    closed = true
    await filling?.value
    for name in ready { drop(name) }
    ready = []
    for drop in drops { await drop.value }
    drops = []
  }

  private func nextName() -> String {
    number += 1
    return DatabaseName.clone(key: key, token: session.token, number: number)
  }
}
