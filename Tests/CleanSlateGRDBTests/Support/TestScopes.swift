import CleanSlate
import Foundation

/// Runs `body` in a test scope of its own, inside `process`, and returns what ending the test
/// scope reported. Marks the test failed first when `failing` is set.
func runTestScope(
  _ name: String = "GRDBTests/test()",
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
  let failures = await test.finishBody() + test.end()
  if let thrown { throw thrown }
  return failures
}

/// A private process scope, so that process-scoped fixtures are set up and torn down inside one
/// test of ours.
func makeProcessScope() -> ScopeRuntime {
  ScopeRuntime(.process, name: "process", parent: nil, observer: .some(nil))
}

/// A value shared with `@Sendable` closures, behind a lock.
final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
