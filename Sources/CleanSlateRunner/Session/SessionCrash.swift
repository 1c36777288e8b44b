package import CleanSlate
package import CleanSlateTestProcess

/// A crash of a test process in a session, and what the session made of it: the test it
/// happened in, or the tests it could have been.
///
/// Every crash the session saw is one, even when the tests it could have been passed when they
/// ran again: a crash that does not come back is still a crash.
package struct SessionCrash: Sendable, Equatable {
  /// The test a crash is held against.
  package enum Blame: Sendable, Equatable {
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
  /// How many repetitions of the selection the session ran: its line names its repetition
  /// whenever there were more than one.
  package var repetitions = 1
  /// The test it is held against.
  package var blame: Blame

  /// A crash in `repetition`, held against `blame`'s tests.
  package init(_ crash: TestCrash, repetition: Int, blame: Blame) {
    self.crash = crash
    self.repetition = repetition
    self.blame = blame
  }

  /// The tests that have it as an attempt: the one it is pinned on, or those it could have been.
  package var tests: [TestName] {
    switch blame {
    case .pinned(let test), .crashedAgain(let test): [test]
    case .notReproduced(let tests): tests
    case .noTestRunning: []
    }
  }

  /// The failed attempt it is in the record of a test it is held against.
  func attempt(of test: TestName, alone: Bool) -> TestRecord.Attempt {
    TestRecord.Attempt(
      repetition: repetition,
      end: crash.end(of: test), alone: alone,
      beside: crash.running.filter { $0 != test })
  }
}

extension SessionCrash {
  /// The crash, of a session that ran `repetitions` repetitions.
  func ofRepetitions(_ repetitions: Int) -> SessionCrash {
    var crash = self
    crash.repetitions = repetitions
    return crash
  }
}
