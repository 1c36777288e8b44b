package import CleanSlate
package import CleanSlateTestProcess

/// A crash of a test process in a session, and what the session made of it: the test it
/// happened in, or the tests it could have been.
///
/// Every crash the session saw is one, even when the tests it could have been passed when they
/// ran again: a crash that does not come back is still a crash.
package struct SessionCrash: Sendable, Equatable {
  /// The test a crash is held against.
  package enum Verdict: Sendable, Equatable {
    /// It happened in this test: a frame of the crashed thread named it, it was the only test
    /// running, or the only test its process ran (``TestCrash/evidence``).
    case pinned(TestName)
    /// No frame named a test; when the tests it could have been ran again with fewer beside
    /// them, this one crashed again, pinned.
    case crashedAgain(TestName)
    /// No frame named a test, and it did not come back when the tests it could have been (the
    /// tests running) ran again: each has it as a failed attempt, then the attempt that ran
    /// again — flaky when that passed.
    case notReproduced([TestName])
    /// No test was running when it crashed (before the first, between two, after the last): the
    /// tests its process had not run yet ran again.
    case noTestRunning
  }

  /// The crash, as its test process ended.
  package var crash: TestCrash
  /// The repetition of the selection it happened in, from 1.
  package var repetition: Int
  /// The test it is held against.
  package var verdict: Verdict

  /// A crash in `repetition`, held against `verdict`'s tests.
  package init(_ crash: TestCrash, repetition: Int, verdict: Verdict) {
    self.crash = crash
    self.repetition = repetition
    self.verdict = verdict
  }

  /// The tests that have it as an attempt: the one it is pinned on, or those it could have been.
  package var tests: [TestName] {
    switch verdict {
    case .pinned(let test), .crashedAgain(let test): [test]
    case .notReproduced(let tests): tests
    case .noTestRunning: []
    }
  }

  /// The failure of a test's attempt that had it: `crashed: its test process died of signal 4
  /// (SIGILL): Fatal error: crashes on purpose (AlphaTests.swift:19)`; for a crash pinned on no
  /// test, how many ran with it.
  package var failure: String {
    var text = "crashed: its test process "
    text +=
      crash.signal != nil
      ? "died of \(crash.ending)" : "ended with \(crash.ending) before its tests did"
    if case .pinned = verdict {
    } else if crash.running.count > 1 {
      text += " while \(crash.running.count) tests ran, none named by the crashed thread's frames"
    }
    if let what = crash.backtrace?.fatalErrorMessage ?? crash.backtrace?.problem {
      text += ": \(what)"
    }
    return text
  }

  /// The failed attempt it is in the record of a test it is held against.
  func attempt(of test: TestName, alone: Bool) -> TestRecord.Attempt {
    TestRecord.Attempt(
      repetition: repetition,
      end: TestEnd(.crashed, failure: failure, report: crash.excerpt, crash: crash), alone: alone,
      beside: crash.running.filter { $0 != test })
  }
}
