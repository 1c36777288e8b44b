import CleanSlate
import CleanSlateBisect
import CleanSlateTestProcess

/// A suite whose victim fails when every test of some polluting set ran before it: runs cost
/// nothing, and each one is recorded.
final class SimulatedSuite: TestRunner {
  let tests: [String]
  let victim: String
  private let pollutes: @Sendable (Set<String>) -> Bool
  private let recorded = Locked<[[String]]>([])

  /// `count` tests named `Tests.Suite/test0()` …, the last one the victim; it fails when every
  /// test at `polluters` ran before it.
  init(count: Int, polluters: [Int]) {
    let tests = (0..<count).map { "Tests.Suite/test\($0)()" }
    let names = Set(polluters.map { tests[$0] })
    self.tests = tests
    victim = tests[count - 1]
    pollutes = { ran in names.isSubset(of: ran) }
  }

  /// A suite whose victim fails as `pollutes` says.
  init(count: Int, pollutes: @escaping @Sendable (Set<String>) -> Bool) {
    tests = (0..<count).map { "Tests.Suite/test\($0)()" }
    victim = tests[count - 1]
    self.pollutes = pollutes
  }

  var earlier: [String] { Array(tests.dropLast()) }

  /// The runs so far, each the tests it ran.
  var runs: [[String]] { recorded.value }

  func run(_ tests: [String], victim: String) async throws -> TestRunOutcome {
    let number = recorded.withLock { runs in
      runs.append(tests)
      return runs.count
    }
    let ran = Set(tests.dropLast())
    let passed = !pollutes(ran)
    return TestRunOutcome(
      victimPassed: passed, firstFailure: passed ? nil : "Expectation failed: 1 == 2",
      command: SwiftTestInvocation(
        environment: [], arguments: ["test", "--filter", "run-\(number)"]),
      tracePath: "run-\(number)")
  }
}
