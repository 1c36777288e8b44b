import CleanSlate
import CleanSlateBisect
import CleanSlateTestProcess

/// A suite whose victim fails when every test of some polluting set ran before it: runs cost
/// nothing, and each one is recorded.
final class SimulatedSuite: TestLaunching {
  let tests: [TestName]
  let victim: TestName
  private let pollutes: @Sendable (Set<TestName>) -> Bool
  private let recorded = Locked<[[TestName]]>([])

  /// `count` tests named `Tests.Suite/test0()` …, the last one the victim; it fails when every
  /// test at `polluters` ran before it.
  init(count: Int, polluters: [Int]) {
    let tests = (0..<count).map { TestName("Tests.Suite/test\($0)()") }
    let names = Set(polluters.map { tests[$0] })
    self.tests = tests
    victim = tests[count - 1]
    pollutes = { ran in names.isSubset(of: ran) }
  }

  /// A suite whose victim fails as `pollutes` says.
  init(count: Int, pollutes: @escaping @Sendable (Set<TestName>) -> Bool) {
    tests = (0..<count).map { TestName("Tests.Suite/test\($0)()") }
    victim = tests[count - 1]
    self.pollutes = pollutes
  }

  var earlier: [TestName] { Array(tests.dropLast()) }

  /// The runs so far, each the tests it ran.
  var runs: [[TestName]] { recorded.value }

  func launch(_ tests: [TestName]) async throws -> Launch {
    let number = recorded.withLock { runs in
      runs.append(tests)
      return runs.count
    }
    let ran = Set(tests.dropLast())
    let passed = !pollutes(ran)
    return Launch(
      command: SwiftTestInvocation(
        environment: [], arguments: ["test", "--filter", "run-\(number)"]),
      ends: [
        victim: passed ? TestEnd(.passed) : TestEnd(.failed, failure: "Expectation failed: 1 == 2")
      ])
  }
}
