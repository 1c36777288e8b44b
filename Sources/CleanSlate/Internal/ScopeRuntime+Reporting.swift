import Foundation

extension ScopeRuntime {
  /// Records `failure` on this scope's test or suite, once, through the sink of this scope or
  /// of the nearest scope around it that has one — or, where none has, on standard error
  /// (``FailuresOutsideTests``) — after putting it in the trace, and takes note of it as the
  /// framework counted it (``noteIssue(known:)``).
  package func report(_ failure: CleanSlateError) {
    emit(
      .issue, fixture: failure.fixture, outcome: .failed, message: failure.description,
      location: failure.location, issueCode: failure.code.name)
    guard let sink = nearestSink else {
      FailuresOutsideTests.report(failure)
      return noteIssue(known: false)
    }
    noteIssue(known: !sink.record(failure))
  }

  /// Takes note of an issue recorded on this scope's test — the one place a test is marked
  /// failed: a failure marks it, and the scopes around it; a known issue (`withKnownIssue`)
  /// makes a test that does not fail end as `knownIssue`.
  package func noteIssue(known: Bool) {
    if known { declareOutcome(.knownIssue) } else { markFailed() }
  }

  /// Takes note of an issue the framework recorded on this scope's test (not one of
  /// CleanSlate's own, which ``report(_:)`` traces), and puts it in the trace.
  package func noteFrameworkIssue(_ message: String, at location: CodeLocation?, known: Bool) {
    traceIssue(message, at: location, known: known)
    noteIssue(known: known)
  }

  /// The sink of this scope, or of the nearest scope around it that has one.
  var nearestSink: FailureSink? {
    var scope: ScopeRuntime? = self
    while let current = scope {
      if let sink = current.sink { return sink }
      scope = current.parent
    }
    return nil
  }
}

/// The call that asked for a fixture — `use(_:)` in a test, or a trait setting fixtures up —
/// and so where a failure of the fixture's setup, or of a dependency's, is recorded.
package struct FixtureRequest: Sendable {
  /// What does not run when the setup fails.
  package enum Skipped: Sendable {
    /// Nothing: the code that asked goes on (it catches the error, or the error ends it).
    case nothing
    /// The test body: its trait sets fixtures up before it.
    case testBody
    /// The suite's own setup: its tests still run, and each that needs the fixture fails.
    case suiteSetup
  }

  /// The call's location.
  let location: CodeLocation
  /// The scope of the test (or suite) that asked.
  let asker: ScopeRuntime
  let skipping: Skipped

  /// Records a failure of the setup this request caused on the asking test — inside
  /// `expectSetupFailure(_:)`, hands it to that instead — and returns the error to throw on,
  /// which every caller up to the test recognises as recorded.
  func fail(_ failure: CleanSlateError) -> FixtureUnavailable {
    if let expecting = FailureSink.forSetupFailures {
      _ = expecting.record(failure)
    } else {
      asker.report(failure)
    }
    return FixtureUnavailable(failure)
  }

  /// The error to throw for a failure recorded already.
  func unavailable(_ failure: CleanSlateError) -> FixtureUnavailable {
    FixtureUnavailable(failure)
  }

  /// What the test's own code receives for a recorded failure: the error the asking scope's
  /// sink chose (``FixtureUnavailable`` unless its framework needs another).
  func thrownToTheTest(_ unavailable: FixtureUnavailable) -> any Error {
    guard FailureSink.forSetupFailures == nil, let sink = asker.nearestSink else {
      return unavailable
    }
    return sink.thrownAfterRecording(unavailable.failure)
  }

  /// What a setup failure's message says about what happens next, for a fixture of `scope`.
  func adviceAfterSetupFailure(of scope: FixtureScope) -> String {
    let end =
      switch scope {
      case .test: "the test ends"
      case .suite: "the suite ends"
      case .process: "the test run ends"
      }
    switch skipping {
    case .nothing:
      return "What it set up before it threw is torn down when \(end)."
    case .testBody:
      return "The test body was not run; what it set up is torn down when \(end)."
    case .suiteSetup:
      return
        "The suite's tests still run; each one that needs it fails, pointing here. What it set up is torn down when \(end)."
    }
  }
}
