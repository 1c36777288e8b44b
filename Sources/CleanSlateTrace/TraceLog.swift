package import CleanSlate

/// The lifecycle events of one or more trace files, by the test process that wrote them.
package struct TraceLog: Sendable {
  /// Every process, in the order their headers were read.
  package var processes: [TraceProcess] = []
  /// What the reader skipped or could not read, in words: a cut last line, a line of no known
  /// process.
  package var warnings: [String] = []

  package init(processes: [TraceProcess] = [], warnings: [String] = []) {
    self.processes = processes
    self.warnings = warnings
  }

  /// How many events were read, in every process.
  package var eventCount: Int { processes.reduce(0) { $0 + $1.events.count } }
}

/// One test process's part of a trace: its header and its events, in the order written.
package struct TraceProcess: Sendable {
  /// The run the process belongs to (`CLEANSLATE_RUN_ID`, or the processes of one `swift test`).
  package var run: String
  /// The process identifier.
  package var pid: Int
  /// The machine it ran on.
  package var host: String
  /// The command line that started it.
  package var command: String
  /// When its trace began, in microseconds since 1970.
  package var startMicros: Int64
  /// The run's seed for `.seededRandom` in this process, if its header names one.
  package var seed: String?
  /// Its events, in the order written.
  package var events: [TimedEvent] = []

  package init(
    run: String, pid: Int, host: String, command: String, startMicros: Int64, seed: String? = nil
  ) {
    self.run = run
    self.pid = pid
    self.host = host
    self.command = command
    self.startMicros = startMicros
    self.seed = seed
  }
}

/// A lifecycle event with the time it was written.
package struct TimedEvent: Sendable {
  /// When it was written (for an `…End` event, when the step ended), in microseconds since 1970.
  package var timeMicros: Int64
  /// The event.
  package var event: LifecycleEvent

  package init(timeMicros: Int64, event: LifecycleEvent) {
    self.timeMicros = timeMicros
    self.event = event
  }

  /// When the step began: the time, less the step's duration.
  package var startMicros: Int64 {
    guard let duration = event.duration else { return timeMicros }
    let (seconds, attoseconds) = duration.components
    return timeMicros - seconds * 1_000_000 - attoseconds / 1_000_000_000_000
  }
}
