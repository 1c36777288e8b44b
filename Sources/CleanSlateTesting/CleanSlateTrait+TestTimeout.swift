public import Testing

extension Trait where Self == CleanSlateTrait {
  /// Constructs a trait that gives a test, or each test of a suite, a time limit after which it
  /// is ended as hung, and opens CleanSlate scopes as ``cleanSlate`` does.
  ///
  /// ```swift
  /// @Test(.testTimeout(.seconds(30))) func importsTheCatalog() async throws {
  ///   ...
  /// }
  /// ```
  ///
  /// A test that runs past its limit — its own time, from its scope's opening to its last
  /// teardown — is reported with what CleanSlate knows of it (its fixtures, the setup or teardown
  /// running, the work its `WorkTracker` still counts), and its test process is ended, so that
  /// the run ends instead of hanging: a test blocked on a semaphore, or awaiting a continuation
  /// that nobody resumes, cannot be cancelled. Under `cleanslate test --test-timeout`, the runner
  /// ends it at this limit, with its threads' stacks. Unlike Swift Testing's own `.timeLimit`,
  /// it counts seconds and ends a test that does not heed cancellation.
  ///
  /// A test's own limit replaces the run's, `CleanSlateDefaults.testTimeout`
  /// (`CLEANSLATE_TEST_TIMEOUT`); a test's trait replaces its suite's.
  ///
  /// - Parameters:
  ///   - limit: How long the test may run.
  ///   - sourceLocation: Where the trait is added; captured automatically.
  public static func testTimeout(
    _ limit: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    Self(fixtures: [], sourceLocation: sourceLocation, timeLimit: limit)
  }
}
