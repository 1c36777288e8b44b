internal import CleanSlate
internal import Testing

extension FailureSink {
  /// Records CleanSlate's failures as issues of the running Swift Testing test (or suite): a
  /// comment with the whole message, at the failure's location, in the calling task, so that a
  /// surrounding `withKnownIssue` sees it. A failed test's notes are warnings, which fail
  /// nothing; its attachments are recorded at the trait, `sourceLocation`.
  static func swiftTesting(attachingAt sourceLocation: SourceLocation) -> FailureSink {
    FailureSink(
      record: recordIssue,
      note: { note in
        Issue.record(
          Comment(rawValue: note.text), severity: .warning,
          sourceLocation: SourceLocation(note.location))
      },
      attach: { attachment in
        Attachment.record(
          attachment.contents, named: attachment.name, sourceLocation: sourceLocation)
      })
  }
}

/// Records `failure` as an issue of the running test, and returns whether it counts as a
/// failure of the test (not inside `withKnownIssue`).
func recordIssue(_ failure: CleanSlateError) -> Bool {
  OwnIssue.observer?(failure)
  let outcome = OwnIssue()
  OwnIssue.$beingRecorded.withValue(outcome) {
    Issue.record(
      Comment(rawValue: failure.description), sourceLocation: SourceLocation(failure.location))
  }
  return outcome.isFailure
}

/// One of CleanSlate's own issues as the trait records it, told by the test's issue observer
/// whether Swift Testing counts it as a failure.
package final class OwnIssue: @unchecked Sendable {
  /// The issue being recorded, if it is one of CleanSlate's own: the engine has put it in the
  /// trace already.
  @TaskLocal static var beingRecorded: OwnIssue?
  /// Hears each failure just before it is recorded as an issue: CleanSlate's own tests pair the
  /// issues they collect with the failures behind them.
  @TaskLocal package static var observer: (@Sendable (CleanSlateError) -> Void)?
  /// Whether Swift Testing counts the issue as a failure; so it is unless an observer says not.
  var isFailure = true
}

extension SourceLocation {
  /// The same place as a CleanSlate location.
  init(_ location: CodeLocation) {
    self.init(
      fileID: location.fileID, filePath: location.filePath, line: max(1, location.line),
      column: max(1, location.column))
  }
}

extension CodeLocation {
  /// The same place as a Swift Testing location.
  init(_ location: SourceLocation) {
    self.init(
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// What Swift Testing tells about a call that found no CleanSlate scope, and how it records a
/// check made then: in a test (it sees `Test.current`), the test has no CleanSlate trait, and the
/// check is an issue of that test; elsewhere, it is not Swift Testing's to explain or record.
enum ScopelessSwiftTestingCalls {
  static func registerOnce() { _ = registered }

  private static let registered: Void = {
    ScopelessCalls.register { call in
      guard Test.current != nil else { return nil }
      return (
        "\(call) was called in a Swift Testing test without a CleanSlate scope.",
        "Add the .cleanSlate trait to the suite or the test (import CleanSlateTesting)."
      )
    }
    // A thrown failure is recorded by Swift Testing, where it records every thrown error.
    FailureSink.recordOutsideScopes { failure, throwing in
      guard !throwing, Test.current != nil else { return nil }
      _ = recordIssue(failure)
      return failure
    }
  }()
}
