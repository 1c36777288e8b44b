/// Where a scope's failures go: how an integration records a CleanSlate failure in its test
/// framework.
///
/// It is the one channel every failure takes. The engine hands each failure to the sink of the
/// scope it belongs to (or of the nearest scope around it that has one) once, where the
/// failure is found: in the task that asked for a broken fixture, so that a surrounding
/// `withKnownIssue` sees it; when the body ends, for the checks that run then; as the scope
/// ends, for its teardowns and its after-teardown checks. A failure found where no scope has a
/// sink goes to ``FailuresOutsideTests``.
package struct FailureSink: Sendable {
  /// Records a failure on the framework's running test or suite, at the failure's location.
  let record: @Sendable (CleanSlateError) -> Void
  /// What `use(_:)` throws once it has recorded a setup failure: an error the integration
  /// recognises, so that it never records it again.
  let thrownAfterRecording: @Sendable (CleanSlateError) -> any Error
  /// Whether the integration marks the scope failed itself, when the framework counts a
  /// recorded failure as one (Swift Testing does not count a known issue); when `false`, the
  /// engine marks it for every failure it records.
  let marksScopeFailed: Bool

  /// Creates a sink.
  ///
  /// - Parameters:
  ///   - marksScopeFailed: Whether the integration marks the scope failed itself.
  ///   - record: Records a failure on the running test or suite.
  ///   - thrownAfterRecording: The error `use(_:)` throws after a recorded setup failure;
  ///     ``FixtureUnavailable`` by default.
  package init(
    marksScopeFailed: Bool = false,
    record: @escaping @Sendable (CleanSlateError) -> Void,
    thrownAfterRecording: @escaping @Sendable (CleanSlateError) -> any Error = {
      FixtureUnavailable($0)
    }
  ) {
    self.marksScopeFailed = marksScopeFailed
    self.record = record
    self.thrownAfterRecording = thrownAfterRecording
  }
}

extension FailureSink {
  /// How an integration that can tell which test is running without a CleanSlate scope (XCTest
  /// can) records a failure found where no scope is current: `use(_:)` called from a plain
  /// `XCTestCase`, ``reportFailure(_:fileID:filePath:line:column:)`` outside a
  /// `FixtureTestCase`. It returns the error to throw after recording, or `nil` when no test of
  /// its framework is running, leaving the failure to the caller.
  package static let outsideScopes = Locked<(@Sendable (CleanSlateError) -> (any Error)?)?>(nil)

  /// Records `failure` through ``outsideScopes``; `nil` when no integration took it.
  static func recordOutsideScopes(_ failure: CleanSlateError) -> (any Error)? {
    outsideScopes.value?(failure)
  }

  /// The sink `expectSetupFailure(_:)` installs for the setup failures of its body: they are
  /// kept for it to return, never recorded.
  @TaskLocal static var forSetupFailures: FailureSink?
}
