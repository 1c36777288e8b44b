internal import CleanSlate
package import Testing

/// Tells a test scope about every issue its test records, as Swift Testing counts it, so that
/// teardowns can ask `context.testFailed` and the trace has the test's own issues.
///
/// Swift Testing does not say whether a running test has failed. It does let an issue-handling
/// trait see every issue a test records, after `withKnownIssue` has marked the expected ones. One
/// such observer is installed for each test function, around all its cases (the trait provides a
/// scope for the function as a whole to do so), rather than one per case: what a scope provider
/// uses stays allocated with each case's task until the whole function ends, so an observer per
/// case would cost every finished case its memory. The observer finds the case's scope as the
/// current one. Errors a body throws are not issues yet where the trait sees them; the engine
/// takes note of those itself.
package enum FailureTracking {
  /// Whether the running test function's issues are observed.
  @TaskLocal static var isObserving = false

  /// Runs `body` — the cases of `test` — observing the issues recorded in it, unless they are
  /// observed already (a second CleanSlate trait of the function) and `again` is not set
  /// (CleanSlate's own tests, which collect the issues of the tests they drive).
  package static func observing(
    _ test: Test, again: Bool = false, _ body: @Sendable () async throws -> Void
  ) async throws {
    guard again || !isObserving else { return try await body() }
    try await $isObserving.withValue(true) {
      try await observer.provideScope(for: test, testCase: nil, performing: body)
    }
  }

  /// Tells CleanSlate's own issue whether it counts as a failure; takes note of any other issue
  /// of a test with a scope (warnings left out).
  private static let observer = IssueHandlingTrait.compactMapIssues { issue in
    if let own = OwnIssue.beingRecorded {
      own.isFailure = issue.isFailure
    } else if let runtime = ScopeRuntime.currentTest, issue.severity >= .error {
      runtime.noteFrameworkIssue(
        String(describing: issue), at: issue.sourceLocation.map(CodeLocation.init),
        known: !issue.isFailure)
    }
    return issue
  }
}
