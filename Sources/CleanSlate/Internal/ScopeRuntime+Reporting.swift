import Foundation

extension ScopeRuntime {
  /// Records `failure` on this scope's test or suite, once, through the sink of this scope or
  /// of the nearest scope around it that has one — or, where none has, on standard error
  /// (``FailuresOutsideTests``). The scope and those around it are marked failed, and the
  /// failure goes into the trace. (A sink that marks scopes failed itself, as Swift Testing's
  /// does for the issues it counts as failures, is left to it.)
  package func report(_ failure: CleanSlateError) {
    let sink = nearestSink
    if !(sink?.marksScopeFailed ?? false) { markFailed() }
    emit(
      .issue, fixture: failure.fixture, outcome: .failed, message: failure.description,
      location: failure.location, issueCode: failure.code.name)
    if let sink {
      sink.record(failure)
    } else {
      FailuresOutsideTests.report(failure)
    }
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
      expecting.record(failure)
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
