package import CleanSlate
import Foundation

/// Runs `body` in a test scope of its own, inside `process`, and returns what the end of its body
/// and of the scope recorded. Marks the test failed first when `failing` is set.
package func runTestScope(
  _ name: String = "Tests/test()",
  in process: ScopeRuntime,
  failing: Bool = false,
  _ body: @Sendable () async throws -> Void
) async throws -> [CleanSlateError] {
  let test = ScopeRuntime(.test, name: name, parent: process)
  var thrown: (any Error)?
  do {
    try await test.withCurrent { try await body() }
  } catch {
    thrown = error
  }
  if failing { test.markFailed() }
  let failures = await collectingFailures {
    await test.finishBody()
    await test.end()
  }
  if let thrown { throw thrown }
  return failures
}

/// A private process scope, so that process-scoped fixtures are set up and torn down inside one
/// test of ours.
package func makeProcessScope() -> ScopeRuntime {
  ScopeRuntime(.process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)
}

/// A value shared with `@Sendable` closures, behind a lock.
package final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  package init(_ value: Value) { stored = value }

  package var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// A barrier for a fixed number of tasks: each waits in ``arrive()`` until all have arrived.
package actor Rendezvous {
  private let parties: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  package init(parties: Int) { self.parties = parties }

  package func arrive() async {
    arrived += 1
    if arrived == parties {
      for continuation in waiting { continuation.resume() }
      waiting = []
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}
