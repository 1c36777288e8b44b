public import CleanSlateXCTest
import Foundation
import XCTest

// What every benchmark that runs XCTest tests needs: the tests, their times, their medians.

/// The test class every benchmark test runs in: a plain `FixtureTestCase`.
public final class BenchmarkCase: FixtureTestCase {}

/// Times of one benchmark, in milliseconds.
public struct Sample: Sendable {
  public var name: String
  public var milliseconds: [Double]

  public init(name: String, milliseconds: [Double]) {
    self.name = name
    self.milliseconds = milliseconds
  }

  public var median: Double {
    let sorted = milliseconds.sorted()
    return sorted[sorted.count / 2]
  }

  public var line: String {
    String(
      format: "%-58@ median %8.3f ms  (n=%d, min %.3f, max %.3f)",
      name as NSString, median, milliseconds.count, milliseconds.min() ?? 0, milliseconds.max() ?? 0
    )
  }
}

/// Runs `count` XCTest tests of ``BenchmarkCase``, one after another, each running `body`, and
/// returns how long each whole test took (setup, body, teardown): the cost a suite pays per test.
@discardableResult
public func runTests(
  _ name: String, count: Int, body: @escaping @Sendable (BenchmarkCase) async throws -> Void
) -> Sample {
  var times: [Double] = []
  for _ in 0..<count {
    let testCase = BenchmarkCase(
      name: "BenchmarkCase.test",
      testClosure: { testCase in
        try asyncTest { (testCase: BenchmarkCase) in { try await body(testCase) } }(
          testCase as! BenchmarkCase)()
      })
    let start = ContinuousClock.now
    testCase.run()
    let elapsed = ContinuousClock.now - start
    if let run = testCase.testRun, run.totalFailureCount > 0 {
      fatalError("benchmark test '\(name)' failed")
    }
    times.append(elapsed.milliseconds)
  }
  return Sample(name: name, milliseconds: times)
}

extension Duration {
  public var milliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}

/// Collects durations measured inside test bodies.
public final class Recorder: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Double] = []

  public init() {}

  public func record(_ duration: Duration) {
    lock.withLock { values.append(duration.milliseconds) }
  }

  public func sample(_ name: String) -> Sample {
    lock.withLock { Sample(name: name, milliseconds: values) }
  }
}
