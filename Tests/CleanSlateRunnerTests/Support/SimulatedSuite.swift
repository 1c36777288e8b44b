import CleanSlate
import CleanSlateChildProcess
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation

/// A runner of a simulated suite whose tests end as `behaviour` says, by name and attempt (from
/// 1), counting the batches it runs; its test processes have the shape of a framework's.
struct SimulatedSuite: TestLaunching {
  /// What a test does on one attempt.
  enum Step: Sendable, Equatable {
    case pass, fail, skip, hang
    /// It passes, slowly: a test that crashes beside it crashes while it runs.
    case slow
    /// Its process crashes while it runs (signal 11); `named`: a frame of the crashed thread is
    /// the test's (else the crash is on a thread no test started).
    case crash(named: Bool)
    /// Its process crashes while it runs, after its tests ended (no test running).
    case crashAfterTheTests
  }

  /// How the tests of a batch run in test processes.
  enum Shape: Sendable {
    /// XCTest: one process, one test at a time, in order; a crash ends the process, and the
    /// tests after it do not run.
    case xcTest
    /// XCTest under `swift test --parallel`: each test in a process of its own.
    case xcTestParallel
    /// Swift Testing: one process, every test at once; a crash ends them all, and the tests
    /// running then (the crashing one and the slow ones) have no result.
    case swiftTesting
  }

  let shape: Shape
  let behaviour: @Sendable (TestName, Int) -> Step
  /// The batches it ran, in order.
  let batches = Locked<[[TestName]]>([])
  private let attempts = Locked<[TestName: Int]>([:])

  init(_ shape: Shape, behaviour: @escaping @Sendable (TestName, Int) -> Step) {
    self.shape = shape
    self.behaviour = behaviour
  }

  func launch(_ tests: [TestName]) async throws -> Launch {
    batches.withLock { $0.append(tests) }
    switch shape {
    case .xcTest: return serial(tests)
    case .xcTestParallel:
      var batch = Self.launch(ends: [:])
      for test in tests { batch.add(serial([test])) }
      return batch
    case .swiftTesting: return inParallel(tests.map(step(of:)))
    }
  }

  /// The step `test` takes on its next attempt, counted.
  private func step(of test: TestName) -> (test: TestName, attempt: Int, step: Step) {
    let attempt = attempts.withLock { counts in
      counts[test, default: 0] += 1
      return counts[test]!
    }
    return (test, attempt, behaviour(test, attempt))
  }

  /// Runs `tests` one after the other, each attempt counted as it starts.
  private func serial(_ tests: [TestName]) -> Launch {
    var results: [TestName: TestEnd] = [:]
    var crashesAfter = false
    for test in tests {
      let (_, attempt, step) = step(of: test)
      if let result = Self.result(of: step, attempt: attempt) {
        results[test] = result
        if step == .hang {
          // Ended at its limit with its process: the tests after it did not run.
          var launch = Self.launch(ends: results, status: 1)
          launch.hung = [HungTest(name: test.listed, limit: .seconds(5), ran: .seconds(5))]
          return launch
        }
      } else if step == .crashAfterTheTests {
        results[test] = TestEnd(.passed, seconds: 0.5)
        crashesAfter = true
      } else {
        return Self.launch(ends: results, status: 1, crashes: [crash(running: [test], step)])
      }
    }
    return Self.launch(
      ends: results, status: crashesAfter ? 1 : Self.status(results),
      crashes: crashesAfter ? [crash(running: [], .crashAfterTheTests)] : [])
  }

  private func inParallel(_ steps: [(test: TestName, attempt: Int, step: Step)]) -> Launch {
    let crashing = steps.filter {
      if case .crash = $0.step { return true }
      return false
    }
    guard let first = crashing.first else {
      var results: [TestName: TestEnd] = [:]
      for (test, attempt, step) in steps { results[test] = Self.result(of: step, attempt: attempt) }
      return Self.launch(ends: results, status: Self.status(results))
    }
    var results: [TestName: TestEnd] = [:]
    var running: [TestName] = []
    for (test, attempt, step) in steps {
      if step == .slow || crashing.contains(where: { $0.test == test }) {
        running.append(test)
      } else if let result = Self.result(of: step, attempt: attempt) {
        results[test] = result
      }
    }
    return Self.launch(ends: results, status: 1, crashes: [crash(running: running, first.step)])
  }

  /// A crash of a process running `running`, with the backtrace the runtime would write.
  private func crash(running: [TestName], _ step: Step) -> TestCrash {
    let crashing = step == .crash(named: true) ? running.first { behaviourCrashes($0) } : nil
    let function = crashing.map(Self.function(of:)) ?? "closure #1 in static Helper.work()"
    let standardError = """
      *** Signal 11: Backtracing from 0x1... done ***

      *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

      Thread 3 crashed:

        0      0x0000000000000001 Registry.register(_:) + 12 in T.xctest at /src/Registry.swift:4:9
        1 [ra] 0x0000000000000002 \(function) + 34 in T.xctest at /src/Tests.swift:9:5

      """
    return TestCrash(
      termination: .signalled(11), running: running, standardError: standardError)
  }

  /// Whether `test`'s latest attempt crashes.
  private func behaviourCrashes(_ test: TestName) -> Bool {
    let attempt = attempts.withLock { $0[test] ?? 1 }
    if case .crash = behaviour(test, attempt) { return true }
    return false
  }

  /// How a frame names the function of `test`: `S.b()` for `T.S/b()`, `A.testC()` for `T.A/testC`.
  static func function(of test: TestName) -> String {
    let name = test.listed.drop { $0 != "." }.dropFirst().replacingOccurrences(of: "/", with: ".")
    return name.hasSuffix(")") ? name : name + "()"
  }

  private static func result(of step: Step, attempt: Int) -> TestEnd? {
    switch step {
    case .pass, .slow: TestEnd(.passed, seconds: 0.5)
    case .fail: TestEnd(.failed, seconds: 1, failure: "boom \(attempt)")
    case .skip: TestEnd(.skipped)
    case .hang: TestEnd(.timedOut, seconds: 5, failure: "timed out after 5 seconds")
    case .crash, .crashAfterTheTests: nil
    }
  }

  private static func status(_ results: [TestName: TestEnd]) -> Int32 {
    results.values.contains { $0.outcome.isFailure } ? 1 : 0
  }

  /// A launch whose tests ended as `ends` say.
  private static func launch(
    ends: [TestName: TestEnd], status: Int32 = 0, crashes: [TestCrash] = []
  ) -> Launch {
    Launch(
      command: SwiftTestInvocation(environment: [], arguments: ["test"]), ends: ends,
      crashes: crashes, status: status)
  }
}
