package import CleanSlate
import CleanSlateTestProcess

/// A session stopped by a signal (`SIGINT` from Ctrl-C, `SIGTERM` from a CI step's timeout) before
/// it ran everything: which signal, in which repetition, the tests that were running in the test
/// processes it ended, and the tests that never ran.
///
/// Every attempt that ended before it is kept and reported as usual; the tests that were running
/// have no end (the signal ended them, not their code), and a test that never ran has no record.
/// The reports say it, and `cleanslate test` exits as a process killed by the signal would
/// report itself to a shell: 128 + the signal (130 for `SIGINT`, 143 for `SIGTERM`).
package struct SessionInterruption: Sendable, Equatable {
  /// The signal.
  package var signal: Int32
  /// The repetition it came in, from 1.
  package var repetition: Int
  /// How many repetitions the session was to run.
  package var repetitions: Int
  /// The tests that were running in the test processes it ended, in the order of the selection.
  package var running: [TestName]
  /// The tests of the selection that never ran in the session, in its order.
  package var notRun: [TestName]

  /// A stop by `signal` in `repetition`, while `running` ran, before `notRun` ran.
  package init(
    signal: Int32, repetition: Int = 1, of repetitions: Int = 1, running: [TestName],
    notRun: [TestName] = []
  ) {
    self.signal = signal
    self.repetition = repetition
    self.repetitions = repetitions
    self.running = running
    self.notRun = notRun
  }

  /// The signal's name: `SIGTERM`.
  package var signalName: String { SignalName.of(signal) }

  /// The exit status that says it: 128 + the signal.
  package var exitStatus: Int32 { 128 + signal }

  /// Its sentence, said the same way by every report: `the session was interrupted by SIGTERM in
  /// repetition 2 of 5 while 2 tests were running (A, B); 3 never ran`.
  package var sentence: String {
    var text = "the session was interrupted by \(signalName)"
    if repetitions > 1 { text += " in repetition \(repetition) of \(repetitions)" }
    text +=
      running.isEmpty
      ? " between launches, no test running"
      : " while \(Self.count(running.count)) \(running.count == 1 ? "was" : "were") running (\(running.map(\.listed).joined(separator: ", ")))"
    if !notRun.isEmpty { text += "; \(Self.count(notRun.count)) never ran" }
    return text
  }

  /// Its line in the summary: `Interrupted: the session was interrupted by SIGTERM …; every result
  /// before it is kept, and it fails the run.`
  package var line: String {
    "Interrupted: \(sentence); every result before it is kept, and it fails the run."
  }

  private static func count(_ tests: Int) -> String { "\(tests) test\(tests == 1 ? "" : "s")" }
}

extension SessionResult {
  /// The result as it stands when `signal` stopped the session in `repetition` of `repetitions`,
  /// while `running` ran: the tests that never ran lose their empty records and are named in
  /// ``interruption``.
  func interrupted(
    by signal: Int32, in repetition: Int, of repetitions: Int, running: [TestName]
  ) -> SessionResult {
    var result = self
    result.repetitionsRan = repetition
    let running = Set(running)
    let empty = records.filter(\.attempts.isEmpty).map(\.name)
    result.records.removeAll(where: \.attempts.isEmpty)
    result.interruption = SessionInterruption(
      signal: signal, repetition: repetition, of: repetitions,
      running: records.map(\.name).filter(running.contains),
      notRun: empty.filter { !running.contains($0) })
    return result
  }
}
