internal import CleanSlate
internal import Testing

// What the trait tells the lifecycle trace and the report: the test's issues, how it ended, and
// what to note and attach when it failed.
extension ScopeRuntime {
  /// Records an issue of the test in the trace; a known issue (`withKnownIssue`) makes a test
  /// that does not fail end as `knownIssue`. Warnings are left out.
  func trace(_ issue: Issue) {
    guard issue.severity >= .error else { return }
    let known = !issue.isFailure
    if known { declareOutcome(.knownIssue) }
    traceIssue(
      String(describing: issue), at: issue.sourceLocation.map(CodeLocation.init), known: known)
  }

  /// Records the body's error in the trace, marking the test failed, or, for a cancelled
  /// (skipped) test, its outcome.
  func trace(thrown error: any Error) {
    if Task.isCancelled {
      declareOutcome(.skipped)
    } else {
      markFailed()
      traceIssue("Caught error: \(error)", at: nil)
    }
  }

  /// Records what the failed test's fixtures note, as warnings, which fail nothing and show in
  /// Swift Testing's output, then attaches what they offer and the test's lifecycle outline.
  func recordNotesAndAttachments(at sourceLocation: SourceLocation) async {
    for note in failureNotes {
      Issue.record(
        Comment(rawValue: note.text), severity: .warning,
        sourceLocation: SourceLocation(note.location))
    }
    for attachment in await failureAttachments() {
      FailureAttachmentRecording.record(attachment, at: sourceLocation)
    }
  }
}

/// Records failure attachments with Swift Testing's `Attachment`, or hands them to a sink that
/// CleanSlate's own tests set.
enum FailureAttachmentRecording {
  /// Where attachments go instead of `Attachment.record`, when set.
  @TaskLocal static var sink: (@Sendable (FailureAttachment) -> Void)?

  static func record(_ attachment: FailureAttachment, at sourceLocation: SourceLocation) {
    if let sink {
      sink(attachment)
    } else {
      Attachment.record(attachment.contents, named: attachment.name, sourceLocation: sourceLocation)
    }
  }
}
