import CleanSlate
import Foundation
import XCTest

// What FixtureTestCase tells the lifecycle trace and the report: the test method's beginning
// and end, the test's issues, how it ended, and what to note and attach when it failed.
extension FixtureTestCase {
  /// Runs the test method between the trace's body events (swift-corelibs-xctest calls it
  /// through the closure `init(name:testClosure:)` receives; Apple's XCTest has no such hook,
  /// so there the trace has no body events).
  static func runTracingBody(of testCase: FixtureTestCase?, _ body: () throws -> Void) rethrows {
    guard let scope = testCase?.testScope else { return try body() }
    try scope.runBodySynchronously(skipped: { $0 is XCTSkip }, body)
  }

  /// Declares a skipped test's outcome before its scope ends.
  func declareOutcome(of scope: ScopeRuntime) {
    if testRun?.hasBeenSkipped == true { scope.declareOutcome(.skipped) }
  }

  #if canImport(ObjectiveC)
    /// Records in the trace an issue XCTest recorded (CleanSlate's own failures never pass
    /// here: the engine traced them as it recorded them).
    func traceIssue(_ issue: XCTIssue) {
      let location = issue.sourceCodeContext.location.map {
        CodeLocation(
          fileID: $0.fileURL.lastPathComponent, filePath: $0.fileURL.path, line: $0.lineNumber,
          column: 1)
      }
      testScope?.traceIssue(issue.compactDescription, at: location)
    }
  #else
    /// Records in the trace a failure XCTest recorded (CleanSlate's own failures never pass
    /// here: the engine traced them as it recorded them).
    func traceIssue(_ description: String, inFile filePath: String, atLine line: Int) {
      let file = URL(fileURLWithPath: filePath).lastPathComponent
      testScope?.traceIssue(
        description,
        at: CodeLocation(fileID: file, filePath: filePath, line: line, column: 1))
    }
  #endif

  /// Prints what the failed test's fixtures note, then attaches what they offer and the test's
  /// lifecycle outline: as `XCTAttachment`s on Apple platforms, printed on standard error
  /// elsewhere.
  func reportNotesAndAttachments(of scope: ScopeRuntime) {
    guard scope.hasFailed else { return }
    for note in scope.failureNotes { FailureNotePrinting.print(note, of: name) }
    let attachments = runSynchronously { await scope.failureAttachments() }
    for attachment in attachments {
      if let sink = FailureAttachmentPrinting.sink {
        sink(attachment)
        continue
      }
      #if canImport(ObjectiveC)
        let made = XCTAttachment(string: attachment.contents)
        made.name = attachment.name
        made.lifetime = .keepAlways
        add(made)
      #else
        FailureAttachmentPrinting.print(attachment, of: name)
      #endif
    }
  }
}

/// Prints failure attachments where XCTest cannot keep them, or hands them to a sink that
/// CleanSlate's own tests set.
enum FailureAttachmentPrinting {
  /// Where attachments go instead, when set.
  @TaskLocal static var sink: (@Sendable (FailureAttachment) -> Void)?

  static func print(_ attachment: FailureAttachment, of test: String) {
    var text = "[CleanSlate] attachment '\(attachment.name)' of failed test \(test):\n"
    text += attachment.contents
    if !text.hasSuffix("\n") { text += "\n" }
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// Prints a failed test's notes on standard error, after its failures, as compiler-style notes
/// (`path:line: note: <test> : <text>`) that editors and CI logs pick up; XCTest has no
/// record for what is not a failure.
enum FailureNotePrinting {
  static func print(_ note: FailureNote, of test: String) {
    let line = "\(note.location.filePath):\(note.location.line): note: \(test) : \(note.text)\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
