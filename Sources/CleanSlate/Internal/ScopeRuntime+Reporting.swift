/// How an integration records a failure on the running test (or suite) as it happens.
///
/// The engine reports most failures by returning them (from ``ScopeRuntime/finishBody()`` and
/// ``ScopeRuntime/end()``) or by throwing them out of `use(_:)`, and the integration records
/// them. A failure the test's own code may catch — a fixture that fails to set up under
/// `try? await use(.store)` — is reported at once through the scope's reporter instead, in the
/// caller's task, so that Swift Testing's `withKnownIssue` sees it. Each failure is reported
/// once: the reporter is called only for a failure whose report the engine could claim
/// (``CleanSlateError/claimReport()``), and the integration claims a thrown failure before it
/// records it, so one already reported is not recorded again.
package typealias FailureReporter = @Sendable (CleanSlateError) -> Void

/// When a check registered for the end of the test body runs: every wait for the test's work
/// first, then every verification, so that what the work did is verified.
package enum BodyEndPhase: CaseIterable, Sendable {
  /// Waiting for work the test started (``WorkTracker``).
  case settleWork
  /// Verifying what the test expected (`verifyLater`, expectations).
  case verify
}

extension ScopeRuntime {
  /// Reports `failure` at once to the running test, through the reporter of the current scope
  /// (or this one's, outside any) or the nearest scope around it that has one, unless it was
  /// reported already. Returns the failure, for `throw reportNow(failure)`.
  ///
  /// Without a reporter nothing happens here, and the failure is left to whoever it is thrown
  /// to.
  @discardableResult
  package func reportNow(_ failure: CleanSlateError) -> CleanSlateError {
    var scope: ScopeRuntime? = ScopeRuntime.current ?? self
    while let candidate = scope {
      if let reporter = candidate.reporter {
        if failure.claimReport() { reporter(failure) }
        break
      }
      scope = candidate.parent
    }
    return failure
  }

  /// Reports a fixture's setup failure (or a dependency that cannot be satisfied) at once, as
  /// ``reportNow(_:)`` does — unless the test expects it, inside `expectSetupFailure(_:)`, which
  /// keeps it instead. Returns the failure, for `throw reportSetupFailure(failure)`.
  func reportSetupFailure(_ failure: CleanSlateError) -> CleanSlateError {
    guard let capture = SetupFailureCapture.current else { return reportNow(failure) }
    capture.capture(failure)
    return failure
  }
}
