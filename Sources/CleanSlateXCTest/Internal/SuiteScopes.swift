import CleanSlate
import Foundation

/// The suite scope of each `FixtureTestCase` class, from its first test to its last.
///
/// A suite scope begins when the first test of its class starts. It ends inside the class's last
/// test (``ScopeObserver`` marks it when XCTest starts the class's suite), so that its failures
/// are recorded on a running test, before the class's own `tearDown()` class method. Classes
/// whose tests ran outside a suite are ended by `FixtureTestCase.tearDown()` (class method) or,
/// at the latest, when the test bundle finishes.
final class SuiteScopes: Sendable {
  static let shared = SuiteScopes()

  private let scopes = Locked<[ObjectIdentifier: ScopeRuntime]>([:])
  /// The observer of the suite scopes begun from now on, when not the process scope's
  /// (CleanSlate's own tests observe the tests they run inside their own).
  let observer = Locked<(any LifecycleObserver)?>(nil)

  /// The running suite scope of `testClass`, begun now if it has none.
  func scope(for testClass: AnyClass) -> ScopeRuntime {
    scopes.withLock { scopes in
      let key = ObjectIdentifier(testClass)
      if let scope = scopes[key] { return scope }
      let scope = ScopeRuntime(
        .suite, name: String(describing: testClass), parent: .process,
        observer: observer.value.map { .some($0) } ?? .none,
        sink: .xcTest(recordingOn: nil))
      if let sentinel = (testClass as? FixtureTestCase.Type)?.sentinel {
        scope.watchState(sentinel, serial: true)
      }
      scopes[key] = scope
      return scope
    }
  }

  /// Ends the suite scope of `testClass`, if it has one running.
  func end(_ testClass: AnyClass) {
    let scope = scopes.withLock { $0.removeValue(forKey: ObjectIdentifier(testClass)) }
    scope?.endSynchronously(waiter: currentThreadWaiter())
  }

  /// Ends every suite scope still running.
  func endAll() {
    let running = scopes.withLock { scopes in
      defer { scopes = [:] }
      return Array(scopes.values)
    }
    for scope in running { scope.endSynchronously(waiter: currentThreadWaiter()) }
  }
}
