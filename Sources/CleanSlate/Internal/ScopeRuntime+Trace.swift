import Foundation

// The scope's part in the lifecycle trace and the report: its events, the test body's
// beginning and end, the test's outcome and issues, and what is noted on and attached to a
// failed test.
extension ScopeRuntime {
  /// Hands an event to the scope's observer and, for a test, keeps its step for the test's
  /// outline. Unobserved, an event of a suite or the process costs a branch; one of a test, the
  /// few values of its outline line.
  ///
  /// Building with `-D CLEANSLATE_TRACE_COMPILED_OUT` removes all of it, to measure what the
  /// trace costs when it is off.
  func emit(
    _ phase: LifecycleEvent.Phase,
    fixture: String? = nil,
    testName: String? = nil,
    outcome: LifecycleEvent.Outcome? = nil,
    since start: ContinuousClock.Instant? = nil,
    message: String? = nil,
    location: CodeLocation? = nil,
    issueCode: String? = nil,
    argumentCase: String? = nil
  ) {
    #if !CLEANSLATE_TRACE_COMPILED_OUT
      let keeps = record.keepsOutline && TraceOutlineWriter.prints(phase)
      guard record.isObserved || keeps else { return }
      let duration = start.map { ContinuousClock.now - $0 }
      if record.isObserved, let observer {
        observer.observe(
          LifecycleEvent(
            phase: phase, scope: kind, scopeName: name, fixture: fixture,
            testName: testName ?? self.testName, outcome: outcome, duration: duration,
            message: message, scopeID: record.id,
            parentScopeID: phase == .scopeBegin ? parent?.record.id : nil, location: location,
            issueCode: issueCode, argumentCase: argumentCase))
      }
      if keeps {
        // The outline prints the location of an issue or a note only.
        let located = phase == .issue || phase == .note
        record.keep(
          ScopeRecord.OutlineStep(
            phase: phase, outcome: outcome, fixture: fixture, duration: duration,
            details: message == nil && !located
              ? nil
              : .init(message: message, location: located ? location : nil, issueCode: issueCode)))
      }
    #endif
  }

  // MARK: - The test body

  /// Runs the test's own code between a body-begin and a body-end event.
  package func runBody<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    let start = beginBody()
    do {
      let result = try await body()
      endBody(since: start, outcome: nil)
      return result
    } catch {
      endBody(since: start, outcome: Task.isCancelled ? .skipped : .failed)
      throw error
    }
  }

  @inline(never)
  private func beginBody() -> ContinuousClock.Instant {
    enter(.body)
    emit(.bodyBegin)
    return .now
  }

  /// Records the body's end: `outcome` when it threw, else passed or failed as the test is.
  @inline(never)
  private func endBody(since start: ContinuousClock.Instant, outcome: LifecycleEvent.Outcome?) {
    enter(.afterBody)
    emit(.bodyEnd, outcome: outcome ?? (hasFailed ? .failed : .passed), since: start)
  }

  /// Runs the test's own synchronous code between a body-begin and a body-end event.
  func runTracedBodySynchronously<R>(
    skipped: (any Error) -> Bool, _ body: () throws -> R
  ) rethrows -> R {
    let start = ContinuousClock.now
    enter(.body)
    emit(.bodyBegin)
    do {
      let result = try body()
      enter(.afterBody)
      emit(.bodyEnd, outcome: hasFailed ? .failed : .passed, since: start)
      return result
    } catch {
      enter(.afterBody)
      emit(.bodyEnd, outcome: skipped(error) ? .skipped : .failed, since: start)
      throw error
    }
  }

  // MARK: - Outcome and issues

  /// Declares how the test ended when it did not fail: skipped, or with known issues only.
  /// A failure recorded before the scope ends still makes it `failed`.
  package func declareOutcome(_ outcome: LifecycleEvent.Outcome) {
    record.declare(outcome)
  }

  /// The outcome the scope's end reports.
  var finalOutcome: LifecycleEvent.Outcome {
    hasFailed ? .failed : record.declaredOutcome ?? .passed
  }

  /// Records in the trace an issue the test framework recorded for this scope's test.
  package func traceIssue(_ message: String, at location: CodeLocation?, known: Bool = false) {
    emit(.issue, outcome: known ? .knownIssue : .failed, message: message, location: location)
  }

  /// Records in the trace the failures CleanSlate's own checks found (leaks, work that outlived
  /// the test, failed verifications): they have no setup or teardown event of their own.
  func traceIssues(_ failures: [CleanSlateError]) {
    for failure in failures {
      emit(
        .issue, fixture: failure.fixture, outcome: .failed, message: failure.description,
        location: failure.location, issueCode: failure.code.name)
    }
  }

  // MARK: - Notes and attachments

  /// Makes the notes offered to this failed test — by its fixtures and by those of the scopes
  /// around it — and puts them in the trace, as the test's scope ends.
  func makeFailureNotes() {
    var notes: [FailureNote] = []
    var scope: ScopeRuntime? = self
    while let current = scope {
      notes += current.record.makeNotes()
      scope = current.parent
    }
    guard !notes.isEmpty else { return }
    for note in notes {
      emit(.note, fixture: note.fixture, message: note.text, location: note.location)
    }
    record.madeNotes = notes
  }

  /// The notes of this failed test, made as its scope ended, for the integration to show with
  /// its failures.
  package var failureNotes: [FailureNote] { record.madeNotes }

  /// What to attach to this scope's failed test: what its fixtures and those of the scopes
  /// around it offer, then the test's own lifecycle outline. Call it once the scope has ended.
  package func failureAttachments() async -> [FailureAttachment] {
    var attachments: [FailureAttachment] = []
    var scope: ScopeRuntime? = self
    while let current = scope {
      attachments += await current.record.makeAttachments()
      scope = current.parent
    }
    let outline = record.outline.map { step in
      let event = LifecycleEvent(
        phase: step.phase, scope: kind, scopeName: name, fixture: step.fixture,
        testName: testName, outcome: step.outcome, duration: step.duration,
        message: step.details?.message, location: step.details?.location,
        issueCode: step.details?.issueCode)
      return TraceOutlineWriter.line(for: event) + "\n"
    }
    if !outline.isEmpty {
      attachments.append(
        FailureAttachment(name: "lifecycle outline.txt", contents: outline.joined()))
    }
    return attachments
  }
}
