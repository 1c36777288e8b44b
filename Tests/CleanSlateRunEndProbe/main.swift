import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Foundation
import XCTest

// A test process whose process-scoped fixture fails (or not) to tear down at the end of the
// run, for the tests that check the run then fails:
//
//   CleanSlateRunEndProbe xctest|testing failing|passing
//   CleanSlateRunEndProbe xctest outside     (a check made where no test runs)
//   CleanSlateRunEndProbe xctest thread      (a check made on a thread while a test runs)
//   CleanSlateRunEndProbe sentinel           (two watched tests at once, one leaking a variable)

/// A process fixture whose teardown throws when the probe runs in `failing` mode.
let tornDownAtTheEnd = Fixture("tornDownAtTheEnd", scope: .process) { context in
  let failing = CommandLine.arguments.dropFirst(2).first == "failing"
  context.addTeardown {
    print("process teardown ran")
    if failing { throw CocoaError(.fileWriteOutOfSpace) }
  }
  return 1
}

/// One XCTest test that uses the process fixture.
final class UsesProcessFixture: FixtureTestCase {
  func usesIt() throws {
    XCTAssertEqual(try use(tornDownAtTheEnd), 1)
    if CommandLine.arguments.dropFirst(2).first == "thread" { registerCheckOnAThread() }
  }

  /// After the class's tests, no test runs: a check made then has no test to record it on.
  override class func tearDown() {
    if CommandLine.arguments.dropFirst(2).first == "outside" { registerCheckOnAThread() }
    super.tearDown()
  }

  /// Registers a check on a thread of its own, where no task-local scope is current (as from a
  /// dispatch queue or a thread the code under test starts).
  private static func registerCheckOnAThread() {
    struct Mock: SelfVerifying { func verify() throws {} }
    // No test case is needed: the check finds the running test itself, or finds none.
    let done = DispatchSemaphore(value: 0)
    Thread {
      verifyLater(Mock())
      done.signal()
    }.start()
    done.wait()
  }

  private func registerCheckOnAThread() { Self.registerCheckOnAThread() }
}

switch CommandLine.arguments.dropFirst().first {
case "xctest":
  XCTMain(
    [(UsesProcessFixture.self, [("usesIt", { try ($0 as! UsesProcessFixture).usesIt() })])],
    arguments: [CommandLine.arguments[0]])
case "testing":
  // What the Swift Testing traits do: use the fixture in the process scope, with the handler
  // that ends that scope at exit installed.
  ProcessScopeEnding.installOnce()
  _ = try await ScopeRuntime.process.use(tornDownAtTheEnd, at: CodeLocation())
  print("testing body done")
case "sentinel":
  // What the Swift Testing traits do for two tests running at once, both watched: neither is
  // blamed for the variable one of them left set; the run's end reports it.
  ProcessScopeEnding.installOnce()
  let sentinel = Sentinel(checking: [.environment])
  let atTests = Locked(0)
  let countingSink = FailureSink(record: { _ in atTests.withLock { $0 += 1 } })
  let leaking = ScopeRuntime(
    .test, name: "Probe/leaks()", parent: .process, sink: countingSink)
  leaking.watchState(sentinel)
  let other = ScopeRuntime(.test, name: "Probe/other()", parent: .process, sink: countingSink)
  other.watchState(sentinel)
  setenv("CLEANSLATE_PROBE_LEAK", "1", 1)
  await leaking.end()
  await other.end()
  print("sentinel body done, \(atTests.value) failures at the tests")
case "check":
  // A check made in a process where no CleanSlate scope ever opened and XCTest does not run: it
  // is printed, and the process exits with a failure status all the same.
  struct Mock: SelfVerifying { func verify() throws {} }
  verifyLater(Mock())
  print("check made")
default:
  FileHandle.standardError.write(
    Data("usage: CleanSlateRunEndProbe xctest|testing failing|passing\n".utf8))
  exit(2)
}
