internal import CleanSlate
internal import Testing

extension CleanSlateError {
  /// Records the failure as an issue of the running test, at the line that declared the fixture
  /// or registered the teardown — unless it was reported already (as it happened, through the
  /// scope's reporter).
  func record() {
    guard claimReport() else { return }
    recordIssue()
  }

  /// Records the failure as an issue of the running test, in the calling task, so that a
  /// surrounding `withKnownIssue` sees it; the scope's reporter (``FailureReporter``) calls
  /// this once the engine has claimed the failure's report.
  func recordIssue() {
    Issue.record(self, sourceLocation: SourceLocation(location))
  }
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
