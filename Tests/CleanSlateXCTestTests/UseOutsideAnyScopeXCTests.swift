import CleanSlate
import CleanSlateTestSupport
import CleanSlateXCTest
import Foundation
import XCTest

/// `use(_:)` where no CleanSlate scope is current, in XCTest: the failure is recorded on the
/// running test at the line of the call — never at XCTest's `<EXPR>:0` — saying why there is no
/// scope: a plain `XCTestCase`, or a task that does not inherit the test's scope.
final class UseOutsideAnyScopeXCTests: XCTestCase {
  nonisolated(unsafe) private static var failures: [String: [ObservedFailure]] = [:]

  override class func setUp() {
    super.setUp()
    failures["plain"] = ObservedFailure.run(
      PlainCase(name: "usesAFixture") { try asyncTest(PlainCase.usesAFixture)($0 as! PlainCase)() })
    failures["detached"] = ObservedFailure.run(
      DetachedCase(name: "usesAFixtureFromADetachedTask") {
        try asyncTest(DetachedCase.usesAFixtureFromADetachedTask)($0 as! DetachedCase)()
      })
  }

  func testUseInAPlainXCTestCaseIsRecordedAtItsLineSayingWhatToInheritFrom() throws {
    // When a test of a plain XCTestCase asks for a fixture
    let failures = try XCTUnwrap(Self.failures["plain"])

    // Then one failure is recorded at the line of the call, saying what to inherit from
    XCTAssertEqual(
      failures,
      [
        ObservedFailure(
          description: """
            use(.answer) was called in PlainCase, an XCTestCase that is not a FixtureTestCase.
              called at: CleanSlateXCTestTests/UseOutsideAnyScopeXCTests.swift:\(PlainCase.useLine)
              Inherit from FixtureTestCase (import CleanSlateXCTest) to give its tests CleanSlate scopes.
            """,
          line: PlainCase.useLine)
      ])
  }

  func testUseFromADetachedTaskIsRecordedAtItsLineSayingTheTaskDoesNotInheritTheScope() throws {
    // When a FixtureTestCase's test asks for a fixture from a detached task
    let failures = try XCTUnwrap(Self.failures["detached"])

    // Then one failure is recorded at the line of the call, saying why and the way out
    XCTAssertEqual(
      failures,
      [
        ObservedFailure(
          description: """
            use(.answer) was called from a task that does not inherit the running test's CleanSlate scope.
              called at: CleanSlateXCTestTests/UseOutsideAnyScopeXCTests.swift:\(DetachedCase.useLine)
              Tasks made with Task.detached, Dispatch queues and threads of their own do not see the test's scope. Pass the value in (get it with use in the test, before the work starts), or run the work in a child task: async let, a task group, or Task { } started by the test.
            """,
          line: DetachedCase.useLine)
      ])
  }
}

extension Fixture where Value == Int {
  static let answer = Fixture("answer") { _ in 42 }
}

/// A plain XCTestCase (its method does not start with `test`: run only by the tests above).
final class PlainCase: XCTestCase {
  static let useLine = #line + 2
  func usesAFixture() async throws {
    _ = try await use(.answer)
  }
}

/// A FixtureTestCase whose test asks for a fixture from a task that does not inherit its scope.
final class DetachedCase: FixtureTestCase {
  static let useLine = #line + 3
  func usesAFixtureFromADetachedTask() async throws {
    try await Task.detached {
      _ = try await CleanSlate.use(.answer)  // the global use: the method would find the scope
    }.value
  }
}

/// A failure XCTest recorded on a test run by ``run(_:)``.
struct ObservedFailure: Equatable {
  var description: String
  var line: Int

  /// Runs `testCase` in a suite of its own, its output kept out of the run's, and returns the
  /// failures XCTest recorded for it.
  static func run(_ testCase: XCTestCase) -> [ObservedFailure] {
    let observer = Observer()
    XCTestObservationCenter.shared.addTestObserver(observer)
    let suite = XCTestSuite(name: String(describing: type(of: testCase)))
    suite.addTest(testCase)
    capturingOutput { suite.run() }
    XCTestObservationCenter.shared.removeTestObserver(observer)
    return observer.failures.value
  }

  private final class Observer: NSObject, XCTestObservation, Sendable {
    let failures = Locked<[ObservedFailure]>([])

    func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String,
      inFile filePath: String?, atLine lineNumber: Int
    ) {
      failures.withLock { $0.append(ObservedFailure(description: description, line: lineNumber)) }
    }
  }
}
