package import CleanSlate

extension TestCrash {
  /// The failure of `test`, which was running when its process crashed, in one line: the one
  /// wording of a crashed test's end, in the session's records, in an experiment's runs and in a
  /// step of bisect alike.
  ///
  /// ```
  /// crashed: its test process died of signal 4 (SIGILL): Fatal error: boom (A.swift:9)
  /// crashed: its test process died of signal 11 (SIGSEGV) in Tests.S/b(): Fatal error: …
  /// crashed: its test process died of signal 11 (SIGSEGV) while 2 tests ran, none named by the crashed thread's frames: Bad pointer dereference at 0x0
  /// crashed: its test process ended with exit status 1 before its tests did
  /// ```
  ///
  /// The second is a test that was running beside the one a frame pins the crash on; the third,
  /// a crash that nothing pins while several tests ran.
  package func failure(of test: TestName) -> String {
    var text = "crashed: its test process "
    text += signal != nil ? "died of \(ending)" : "ended with \(ending) before its tests did"
    if let pinned = self.test {
      if pinned != test { text += " in \(pinned)" }
    } else if running.count > 1 {
      text += " while \(running.count) tests ran, none named by the crashed thread's frames"
    }
    if let what = backtrace?.fatalErrorMessage ?? backtrace?.problem { text += ": \(what)" }
    return text
  }

  /// The end of `test`, which was running when its process crashed: crashed, with its
  /// ``failure(of:)`` and the runtime's report (``excerpt``).
  package func end(of test: TestName) -> TestEnd {
    TestEnd(.crashed, failure: failure(of: test), report: excerpt, crash: self)
  }
}
