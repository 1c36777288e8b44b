#if HTTP
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateXCTest
  import Foundation
  import XCTest

  /// The failure scenarios of `FailureReportingTests` through XCTest: each runs as a test of a
  /// `FixtureTestCase` in a nested XCTest run, so that its intentional failures are counted there.
  final class XCTestFailureReportingTests: XCTestCase {
    /// The nested runs, made before this class's tests start: XCTest on Linux forgets the running
    /// test once a nested run ends, so assertions made after one would be lost.
    nonisolated(unsafe) private static var runs: [String: ScenarioRun] = [:]

    override class func setUp() {
      super.setUp()
      runs = ScenarioRun.runAll(FailureScenarios.all)
    }

    func testUnmetExpectation() async throws { try await check(FailureScenarios.unmetExpectation) }
    func testOverMetExpectation() async throws {
      try await check(FailureScenarios.overMetExpectation)
    }
    func testNeverWithMatcher() async throws { try await check(FailureScenarios.neverWithMatcher) }
    func testUnmatchedRequests() async throws {
      try await check(FailureScenarios.unmatchedRequests)
    }
    func testThrowingHandler() async throws { try await check(FailureScenarios.throwingHandler) }
    func testFailingTest() async throws { try await check(FailureScenarios.failingTest) }
    func testThrowingTest() async throws { try await check(FailureScenarios.throwingTest) }
    func testEverythingMet() async throws { try await check(FailureScenarios.everythingMet) }

    /// Checks that XCTest recorded the scenario's failures at their lines, plus its own failure if
    /// it fails on purpose, and that its server is gone.
    private func check(
      _ scenario: FailureScenario, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
      let run = try XCTUnwrap(Self.runs[scenario.name], file: file, line: line)
      let own = scenario.failsItself ? 1 : 0
      XCTAssertEqual(
        run.failures.count, scenario.expected.count + own, "\(run.failures)", file: file, line: line
      )
      for (failure, expected) in zip(run.failures.dropFirst(own), scenario.expected) {
        XCTAssertEqual(
          failure.line, scenario.line(of: expected.place, marks: run.marks), file: file, line: line)
        for excerpt in expected.excerpts {
          XCTAssertTrue(
            failure.description.contains(excerpt), failure.description, file: file, line: line)
        }
      }
      let port = try XCTUnwrap(run.marks.port.value, file: file, line: line)
      let refused = await RawConnection.isRefused(port: port)
      XCTAssertTrue(refused, "port \(port) still accepts connections", file: file, line: line)
    }
  }

  /// One scenario run as a test of ``ScenarioCase`` in a nested XCTest run.
  struct ScenarioRun {
    let marks: Marks
    /// What XCTest recorded, in order: a failure the body records or throws comes first, as
    /// XCTest records it before the end of the body.
    let failures: [(description: String, line: Int)]

    /// Runs every scenario in one nested suite and returns the runs by scenario name.
    static func runAll(_ scenarios: [FailureScenario]) -> [String: ScenarioRun] {
      let suite = XCTestSuite(name: "ScenarioCase")
      var marks: [String: Marks] = [:]
      for scenario in scenarios {
        let scenarioMarks = Marks { XCTFail($0) }
        marks[scenario.name] = scenarioMarks
        let body: (ScenarioCase) -> () throws -> Void = asyncTest { _ in
          { try await scenario.body(scenarioMarks) }
        }
        suite.addTest(
          ScenarioCase(name: scenario.name, testClosure: { try body($0 as! ScenarioCase)() }))
      }
      let observer = FailureRecorder()
      XCTestObservationCenter.shared.addTestObserver(observer)
      capturingOutput { suite.run() }
      XCTestObservationCenter.shared.removeTestObserver(observer)
      let failures = observer.failures.value
      return marks.mapValues { marks in ScenarioRun(marks: marks, failures: []) }
        .reduce(into: [:]) { runs, entry in
          runs[entry.key] = ScenarioRun(
            marks: entry.value.marks, failures: failures[entry.key] ?? [])
        }
    }
  }

  /// Runs the failure scenarios; its tests exist only inside ``ScenarioRun``.
  final class ScenarioCase: FixtureTestCase {}

  /// Records the failures of ``ScenarioCase`` tests, by test name.
  private final class FailureRecorder: NSObject, XCTestObservation, Sendable {
    let failures = Locked<[String: [(description: String, line: Int)]]>([:])

    func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      guard testCase is ScenarioCase else { return }
      let name = testCase.name.split(separator: ".").last.map(String.init) ?? testCase.name
      failures.withLock { $0[name, default: []].append((description, lineNumber)) }
    }
  }
#endif
