import CleanSlate
import CleanSlateTestProcess

extension TestSession {
  /// What one run of some tests found: each test's attempts (one, or a crash it could have been
  /// before it), the crashes, and the failures no test accounts for.
  struct Ran {
    var attempts: [TestName: [TestRecord.Attempt]] = [:]
    var crashes: [SessionCrash] = []
    var unplaced: [UnplacedFailure] = []
    /// The signal that stopped the run, and the tests that were running in the test processes it
    /// ended, when an interruption stopped it (``LaunchInterrupted``).
    var interrupted: (signal: Int32, running: [TestName])?
  }

  /// Runs `tests` once, in repetition `repetition`, and runs again those a crash or a hung test
  /// left without a result, until each has one; every crash is held against a test where the
  /// evidence allows (``SessionCrash/Blame``).
  func attempts(of tests: [TestName], repetition: Int) async throws -> Ran {
    var last: [TestName: TestRecord.Attempt] = [:]
    var crashes: [SessionCrash] = []
    var unplaced: [UnplacedFailure] = []
    var interrupted: (signal: Int32, running: [TestName])?
    var pending = [tests]
    while !pending.isEmpty {
      let batch = pending.removeFirst()
      guard !batch.isEmpty else { continue }
      let alone = batch.count == 1
      let outcome: Launch
      do {
        outcome = try await launcher.launch(batch)
      } catch let stop as LaunchInterrupted {
        // What ended before the interruption is kept; the ends it caused are no test's: the tests
        // its test processes were running are named as such, and nothing more runs.
        let partial = stop.launch
        for test in batch {
          guard let end = partial?.ends[test] else { continue }
          last[test] = TestRecord.Attempt(
            repetition: repetition, end: end, alone: alone,
            beside: partial?.traced?.beside(test, among: batch) ?? [],
            seed: partial?.traced?.seed(of: test))
        }
        let running = (partial?.crashes ?? []).flatMap(\.running).filter {
          batch.contains($0) && partial?.ends[$0] == nil
        }
        interrupted = (stop.signal, running.firstOfEach())
        break
      }
      unplaced += outcome.unplaced.map { UnplacedFailure($0.words, repetition: repetition) }
      var missing: [TestName] = []
      for test in batch {
        if let end = outcome.ends[test] {
          last[test] = TestRecord.Attempt(
            repetition: repetition, end: end, alone: alone,
            beside: outcome.traced?.beside(test, among: batch) ?? [],
            seed: outcome.traced?.seed(of: test))
        } else {
          missing.append(test)
        }
      }
      var unpinned = false
      for var crash in outcome.crashes {
        if crash.test == nil, batch.count == 1, missing == batch {
          crash.pin(on: batch[0], by: .onlyTestInProcess)
        }
        if let test = crash.test, missing.contains(test) {
          let pinned = SessionCrash(crash, repetition: repetition, blame: .pinned(test))
          crashes.append(pinned)
          last[test] = pinned.attempt(of: test, alone: alone)
          missing.removeAll { $0 == test }
        } else {
          let candidates = crash.running.filter(missing.contains)
          let blame: SessionCrash.Blame =
            candidates.isEmpty ? .noTestRunning : .notReproduced(candidates)
          crashes.append(SessionCrash(crash, repetition: repetition, blame: blame))
          unpinned = true
        }
      }
      guard !missing.isEmpty else { continue }
      if outcome.endedAHungTest, missing.count < batch.count {
        // The hung test's process was ended: the tests it had not run yet run again.
        pending.insert(missing, at: 0)
      } else if unpinned, missing.count > 1 {
        // Which test crashed is unknown: run the tests left in halves until it comes back
        // pinned, or does not come back.
        let half = missing.count / 2
        pending.insert(contentsOf: [Array(missing[..<half]), Array(missing[half...])], at: 0)
      } else if !outcome.crashes.isEmpty, missing.count < batch.count {
        // The crash was pinned (or one test is left): the others run again.
        pending.insert(missing, at: 0)
      } else {
        for test in missing {
          last[test] = TestRecord.Attempt(
            repetition: repetition, end: outcome.unfinished, alone: alone)
        }
      }
    }
    Self.resolve(&crashes)
    var ran = Ran(crashes: crashes, unplaced: unplaced, interrupted: interrupted)
    for crash in crashes where !crash.isPinned {
      for test in crash.tests {
        ran.attempts[test, default: []].append(crash.attempt(of: test, alone: tests.count == 1))
      }
    }
    for (test, attempt) in last { ran.attempts[test, default: []].append(attempt) }
    return ran
  }

  /// Holds each crash pinned on no test against the first later crash pinned on one of the tests
  /// it could have been: it came back there.
  private static func resolve(_ crashes: inout [SessionCrash]) {
    for index in crashes.indices {
      guard case .notReproduced(let candidates) = crashes[index].blame else { continue }
      let again = crashes[(index + 1)...].lazy.compactMap { later -> TestName? in
        guard case .pinned(let test) = later.blame, candidates.contains(test) else { return nil }
        return test
      }.first
      if let again { crashes[index].blame = .crashedAgain(again) }
    }
  }
}

extension SessionCrash {
  /// Whether it is pinned on its test by its own evidence (its attempt is that test's result).
  var isPinned: Bool {
    if case .pinned = blame { return true }
    return false
  }
}
