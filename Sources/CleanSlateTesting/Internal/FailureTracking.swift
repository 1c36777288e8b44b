internal import CleanSlate
internal import Testing

/// Tells a test scope that its test failed as soon as the test records a failing issue, so that
/// teardowns can ask `context.testFailed`.
///
/// Swift Testing does not say whether a running test has failed. It does let an issue-handling
/// trait see every issue a test records, after `withKnownIssue` has marked the expected ones:
/// the trait's scope is used here, around the whole life of the test's scope, observing issues
/// (CleanSlate's own among them) and passing them on unchanged. Errors the body throws are not
/// issues yet at that point; the caller marks those itself.
enum FailureTracking {
  /// Runs `body`, marking `runtime` failed when it records an issue that counts as a failure.
  static func run(
    markingFailed runtime: ScopeRuntime,
    _ body: @Sendable () async throws -> Void
  ) async throws {
    guard let test = Test.current else { return try await body() }
    let observer = IssueHandlingTrait.compactMapIssues { issue in
      if issue.isFailure { runtime.markFailed() }
      if OwnIssue.isBeingRecorded {
        // The engine put it in the trace as it recorded it.
        if !issue.isFailure { runtime.declareOutcome(.knownIssue) }
      } else {
        runtime.trace(issue)
      }
      return issue
    }
    try await observer.provideScope(for: test, testCase: Test.Case.current, performing: body)
  }
}
