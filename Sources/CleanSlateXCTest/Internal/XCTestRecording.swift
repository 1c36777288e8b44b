import CleanSlate
import Foundation
import XCTest

extension FailureSink {
  /// Records CleanSlate's failures as failures of an XCTest test, at their own locations: of
  /// `testCase` while it exists, else of the test that is running (a suite scope's failures
  /// land on the test during which its class's scope ends), else — no test running — on standard
  /// error, failing the run. A failed test's notes are printed as `note:` lines; its attachments
  /// are `XCTAttachment`s on Apple platforms, printed on standard error elsewhere.
  static func xcTest(recordingOn testCase: FixtureTestCase?) -> FailureSink {
    let owner = WeakTestCase(testCase)
    let testName = testCase?.name ?? ""
    return FailureSink(
      record: { failure in
        if let target = owner.value ?? ScopeObserver.shared.runningTestCase {
          target.recordCleanSlateFailure(failure)
        } else {
          FailuresOutsideTests.report(failure)
        }
        return true
      },
      thrownAfterRecording: { failure in
        #if canImport(ObjectiveC)
          // `FixtureTestCase.record(_:)` recognises it and records nothing more.
          return FixtureUnavailable(failure)
        #else
          // Thrown out of the body, the test's closure catches it; out of setUp or tearDown,
          // swift-corelibs-xctest would record any error but XCTSkip (it ends the test, which
          // failed already).
          guard owner.value?.testScope?.isRunningBody == true else {
            return XCTSkip(after: failure)
          }
          return FixtureUnavailable(failure)
        #endif
      },
      recordThrown: { error in
        // In XCTest's own words, as swift-corelibs-xctest records an error a test method threw
        // (only its test closure, on Linux, sees the error before XCTest does).
        #if canImport(ObjectiveC)
          owner.value?.record(XCTIssue(type: .thrownError, compactDescription: "\(error)"))
        #else
          owner.value?.recordFailure(
            withDescription: "threw error \"\(error)\"", inFile: "<EXPR>", atLine: 0,
            expected: false)
        #endif
      },
      note: { note in
        // A compiler-style note that editors and CI logs pick up: XCTest has no record for what
        // is not a failure.
        printOnStandardError(
          "\(note.location.filePath):\(note.location.line): note: \(testName) : \(note.text)\n")
      },
      attach: { attachment in
        #if canImport(ObjectiveC)
          let made = XCTAttachment(string: attachment.contents)
          made.name = attachment.name
          made.lifetime = .keepAlways
          owner.value?.add(made)
        #else
          var text = "[CleanSlate] attachment '\(attachment.name)' of failed test \(testName):\n"
          text += attachment.contents
          printOnStandardError(text.hasSuffix("\n") ? text : text + "\n")
        #endif
      })
  }
}

private func printOnStandardError(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}

extension XCTestCase {
  /// Records a CleanSlate failure as a failure of this test, at the failure's location.
  func recordCleanSlateFailure(_ failure: CleanSlateError) {
    if let fixtureTestCase = self as? FixtureTestCase {
      return fixtureTestCase.recordOwnFailure(failure)
    }
    #if canImport(ObjectiveC)
      record(XCTIssue(cleanSlateFailure: failure))
    #else
      recordFailure(
        withDescription: failure.description, inFile: failure.location.filePath,
        atLine: failure.location.line, expected: true)
    #endif
  }
}

#if canImport(ObjectiveC)
  extension XCTIssue {
    /// An assertion failure with a CleanSlate failure's message, at its location.
    init(cleanSlateFailure failure: CleanSlateError) {
      self.init(
        type: .assertionFailure, compactDescription: failure.description,
        sourceCodeContext: XCTSourceCodeContext(
          location: XCTSourceCodeLocation(
            filePath: failure.location.filePath, lineNumber: failure.location.line)))
    }
  }
#endif

extension XCTSkip {
  /// Ends the test after a failure recorded already: XCTest records no failure for a skip, and
  /// the test, which has one, is reported as failed. The skip's line names the fixture and
  /// points at the line that asked for it.
  init(after failure: CleanSlateError) {
    self.init(
      "\(FixtureUnavailable(failure))", file: StaticString(interning: failure.location.filePath),
      line: UInt(max(0, failure.location.line)))
  }
}

/// A test case that a failure sink can reach from any thread, without keeping it alive.
final class WeakTestCase: @unchecked Sendable {
  weak var value: FixtureTestCase?
  init(_ value: FixtureTestCase?) { self.value = value }
}
