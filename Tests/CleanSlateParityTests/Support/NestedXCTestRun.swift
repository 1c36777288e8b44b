import CleanSlate
import CleanSlateTestSupport
import CleanSlateXCTest
import Foundation
import XCTest

/// The `FixtureTestCase`s the parity tests run nested: their methods do not start with `test`,
/// so that `swift test` runs them only through ``NestedXCTestRun``.
class NestedCase: FixtureTestCase {}

/// One nested run of some tests of a ``NestedCase`` subclass, with the class's `setUp()` and
/// `tearDown()` class methods around them, as XCTest runs a class: the failures XCTest recorded,
/// counted there rather than in this run.
///
/// XCTest on Linux forgets the running test once a nested run ends, so nested runs are made in
/// the outer class's `setUp()` class method, before its tests start.
struct NestedXCTestRun {
  /// A failure a nested test recorded.
  struct Failure {
    let test: String
    let description: String
    let line: Int
  }

  let failures: [Failure]
  let failureCount: Int

  init<Case: NestedCase>(_ testClass: Case.Type, _ tests: [(String, (Case) -> () throws -> Void)]) {
    let suite = ClassSuite(testClass)
    for (name, closure) in testCase(tests).allTests {
      suite.addTest(testClass.init(name: name, testClosure: closure))
    }
    let recorder = FailureRecorder()
    XCTestObservationCenter.shared.addTestObserver(recorder)
    capturingOutput { suite.run() }
    XCTestObservationCenter.shared.removeTestObserver(recorder)
    failures = recorder.failures.value
    failureCount = suite.testRun?.totalFailureCount ?? -1
  }

  /// The failures of one test, by its method name.
  func failures(of test: String) -> [Failure] {
    failures.filter { $0.test.hasSuffix(".\(test)") }
  }
}

/// A suite that runs one test class, as XCTest's own class suites do.
private final class ClassSuite: XCTestSuite {
  let testClass: XCTestCase.Type

  init(_ testClass: XCTestCase.Type) {
    self.testClass = testClass
    super.init(name: String(describing: testClass))
  }

  override func setUp() { testClass.setUp() }
  override func tearDown() { testClass.tearDown() }
}

/// Records the failures of nested tests.
private final class FailureRecorder: NSObject, XCTestObservation, Sendable {
  let failures = Locked<[NestedXCTestRun.Failure]>([])

  func testCase(
    _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
    atLine lineNumber: Int
  ) {
    guard testCase is NestedCase else { return }
    failures.withLock {
      $0.append(.init(test: testCase.name, description: description, line: lineNumber))
    }
  }
}
