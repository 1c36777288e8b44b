internal import CleanSlate
internal import Testing

extension FailureSink {
  /// Records CleanSlate's failures as issues of the running Swift Testing test (or suite): a
  /// comment with the whole message, at the failure's location, in the calling task, so that a
  /// surrounding `withKnownIssue` sees it.
  ///
  /// - Parameter marksScopeFailed: Whether the trait's issue observer marks the scope failed
  ///   (a test's, for the issues Swift Testing counts as failures) rather than the engine.
  static func swiftTesting(marksScopeFailed: Bool) -> FailureSink {
    FailureSink(marksScopeFailed: marksScopeFailed, record: recordIssue)
  }
}

/// Records `failure` as an issue of the running test.
func recordIssue(_ failure: CleanSlateError) {
  OwnIssue.observer?(failure)
  OwnIssue.$isBeingRecorded.withValue(true) {
    Issue.record(
      Comment(rawValue: failure.description), sourceLocation: SourceLocation(failure.location))
  }
}

/// CleanSlate's own issues, as the trait records them.
package enum OwnIssue {
  /// Whether the issue being recorded is one of CleanSlate's own, which the engine has put in
  /// the trace already.
  @TaskLocal package static var isBeingRecorded = false
  /// Hears each failure just before it is recorded as an issue: CleanSlate's own tests pair the
  /// issues they collect with the failures behind them.
  @TaskLocal package static var observer: (@Sendable (CleanSlateError) -> Void)?
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

/// What Swift Testing tells about a call that found no CleanSlate scope: made in a test (it
/// sees `Test.current`), the test has no CleanSlate trait; made elsewhere, it is not Swift
/// Testing's to explain.
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
  }()
}
