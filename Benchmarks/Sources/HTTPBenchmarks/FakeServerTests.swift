import CleanSlateHTTP
import CleanSlateXCTest
import Foundation
import XCTest

/// The fake every benchmark uses: the example (a resource, a route, a stub sequence)
/// and the one route the round trips ask for.
extension Fixture where Value == FakeServer {
  static let benchAPI = Fixture.fakeServer("benchAPI") { server in
    server.resource("/todos")
    server.route(.get, "/users/:id") { request in .json(["id": request.parameters["id"]]) }
    server.stub(.get, "/health", responses: [.status(503), .text("ok")])
  }
}

/// A clock started by its fixture's setup and stopped by its teardown: used first in a test, it
/// is torn down last, after every fixture the test used after it.
final class Stopwatch: @unchecked Sendable {
  private let lock = NSLock()
  private let start = ContinuousClock.now
  private var elapsed: Duration?

  func stop() { lock.withLock { elapsed = ContinuousClock.now - start } }

  var microseconds: Double {
    lock.withLock {
      elapsed.map { Double($0.components.attoseconds) / 1e12 + Double($0.components.seconds) * 1e6 }
        ?? 0
    }
  }

  static let laps = NSLock()
  nonisolated(unsafe) static var recorded: [Double] = []

  static func takeLaps() -> [Double] {
    laps.withLock {
      defer { recorded = [] }
      return recorded
    }
  }
}

extension Fixture where Value == Stopwatch {
  static let stopwatch = Fixture<Stopwatch>("stopwatch") { context in
    let watch = Stopwatch()
    context.addTeardown {
      watch.stop()
      Stopwatch.laps.withLock { Stopwatch.recorded.append(watch.microseconds) }
    }
    return watch
  }
}

/// The test class every benchmark test runs in.
final class BenchmarkCase: FixtureTestCase {}

/// Runs `count` XCTest tests of ``BenchmarkCase``, one after another, each running `body`.
func runTests(count: Int, body: @escaping @Sendable (BenchmarkCase) async throws -> Void) {
  for _ in 0..<count {
    let testCase = BenchmarkCase(
      name: "BenchmarkCase.test",
      testClosure: { testCase in
        try asyncTest { (testCase: BenchmarkCase) in { try await body(testCase) } }(
          testCase as! BenchmarkCase)()
      })
    testCase.run()
    if let run = testCase.testRun, run.totalFailureCount > 0 {
      fatalError("a benchmark test failed")
    }
  }
}
