package import CleanSlate
package import CleanSlateTestProcess

/// Runs a selection of tests as `cleanslate test` does: `repetitions` times, each failed test
/// run again alone up to `retries` times, and every crash of a test process kept and held
/// against the test it happened in, while the other tests still get their ends.
///
/// When a test process crashes, the crash is pinned on a test from the evidence
/// (``TestCrash/evidence``): a frame of the crashed thread that names a running test, the only
/// test running, the only test the process ran. The tests without an end launch again. When
/// nothing pins it, the tests left launch again in halves, until the crash comes back pinned on
/// one of the tests that were running (``SessionCrash/Blame/crashedAgain(_:)``) or does not
/// come back: then each test that was running has the crash as a failed attempt before its next
/// one (``SessionCrash/Blame/notReproduced(_:)``), so that crashed, then passed, is flaky,
/// never passed. A test that passed its time limit has timed out, and its process was ended: the
/// tests it had not run launch again, once.
package struct TestSession<Launcher: TestLaunching>: Sendable {
  /// What launches the tests.
  package let launcher: Launcher
  /// How many times a failed test is run again alone.
  package var retries = 0
  /// How many times the selection runs.
  package var repetitions = 1
  /// Where the session's events go as it goes: a repetition begins, a test ran again alone.
  package var events = SessionEvents()
  /// The tests in quarantine: one that fails runs again at least
  /// ``SessionQuarantine/retries`` times, whatever ``retries`` says, so that a flaky failure gets
  /// its chance to pass.
  package var quarantined: Set<TestName> = []
  /// Whether the session stops after the first repetition that has a failure
  /// (``SessionResult/hasFailure(inRepetition:quarantined:)``), as `--until-failure` asks: the
  /// repetitions after it do not run.
  package var stopsAtFirstFailingRepetition = false

  /// A session that launches tests with `launcher`.
  package init(launcher: Launcher, retries: Int = 0, repetitions: Int = 1) {
    self.launcher = launcher
    self.retries = max(0, retries)
    self.repetitions = max(1, repetitions)
  }

  /// Runs `tests` and returns each one's record, in the order given, and every crash.
  ///
  /// When the launcher's interruption stops a launch (``LaunchInterrupted``), nothing more runs:
  /// the result keeps every attempt that ended, and says which tests were running and which never
  /// ran (``SessionResult/interruption``); those have no record.
  package func run(_ tests: [TestName]) async throws -> SessionResult {
    var result = SessionResult(records: tests.map { TestRecord(name: $0) })
    for repetition in 1...repetitions {
      result.repetitionsRan = repetition
      if repetitions > 1 { events.send(.repetition(number: repetition, of: repetitions)) }
      let ran = try await attempts(of: tests, repetition: repetition)
      result.crashes += ran.crashes.map { $0.ofRepetitions(repetitions) }
      result.unplaced += ran.unplaced
      for index in result.records.indices {
        result.records[index].attempts += ran.attempts[result.records[index].name] ?? []
      }
      if let stop = ran.interrupted {
        return result.interrupted(
          by: stop.signal, in: repetition, of: repetitions, running: stop.running)
      }
      for index in result.records.indices {
        let name = result.records[index].name
        guard var last = ran.attempts[name]?.last else { continue }
        var retried = 0
        let retries =
          quarantined.contains(name) ? max(retries, SessionQuarantine.retries) : retries
        while last.end.isFailure, retried < retries {
          retried += 1
          let again = try await attempts(of: [name], repetition: repetition)
          result.crashes += again.crashes.map { $0.ofRepetitions(repetitions) }
          result.unplaced += again.unplaced
          if let stop = again.interrupted {
            result.records[index].attempts += again.attempts[name] ?? []
            return result.interrupted(
              by: stop.signal, in: repetition, of: repetitions, running: stop.running)
          }
          guard let more = again.attempts[name], let end = more.last else { break }
          result.records[index].attempts += more
          last = end
          let attempt = result.records[index].attempts.count { $0.repetition == repetition }
          events.send(.retried(test: name, attempt: attempt, outcome: last.end.outcome))
        }
      }
      if stopsAtFirstFailingRepetition,
        result.hasFailure(inRepetition: repetition, quarantined: quarantined)
      {
        break
      }
    }
    return result
  }
}
