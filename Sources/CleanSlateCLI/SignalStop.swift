import CleanSlate
import CleanSlateTestProcess
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `cleanslate test` answers `SIGINT` (Ctrl-C) and `SIGTERM` (a CI step's timeout, `kill`):
/// the first one stops what runs — each ``LaunchInterruption`` it was given ends its test
/// processes, so that the session returns what it saw and every report is written with it —
/// and a second one ends `cleanslate` at once (its test processes killed, its folder of
/// temporary files removed), with status 128 + the signal.
///
/// While it is installed, the two signals do not end the process by themselves: they are
/// ignored, and heard on a dispatch queue (child processes start with every signal back at its
/// default, so a test process can still be ended by them).
final class SignalStop: Sendable {
  private struct State {
    var signal: Int32?
    var count = 0
    var stops: [LaunchInterruption] = []
  }

  private let state = Locked(State())
  /// What the second signal removes before the process ends.
  private let temporaryFolder: URL
  /// Where the first signal is said.
  private let note: @Sendable (String) -> Void
  /// The sources, kept for as long as the process lives (a source let go stops listening).
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

  /// Listens for `SIGINT` and `SIGTERM` from now on; the first is said through `note`, and a
  /// second removes `temporaryFolder` before it ends the process.
  init(removing temporaryFolder: URL, note: @escaping @Sendable (String) -> Void) {
    self.temporaryFolder = temporaryFolder
    self.note = note
    for signalNumber in [SIGINT, SIGTERM] {
      ignore(signalNumber)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      // (signals that came before the handler ran are one event, which `data` counts; the
      // source is kept for the process's life, so that holding it here holds nothing longer)
      source.setEventHandler { [weak self, source] in
        self?.heard(signalNumber, times: Int(source.data))
      }
      source.resume()
      sources.append(source)
    }
  }

  /// The first signal heard, once one was.
  var signal: Int32? { state.value.signal }

  /// Has the first signal (or the one heard already) ask `interruption` to stop its launches.
  func stops(_ interruption: LaunchInterruption) {
    let signal = state.withLock { state -> Int32? in
      state.stops.append(interruption)
      return state.signal
    }
    if let signal { interruption.interrupt(by: signal) }
  }

  private func heard(_ signal: Int32, times: Int) {
    let (before, stops) = state.withLock { state in
      let before = state.count
      state.count += max(1, times)
      if state.signal == nil { state.signal = signal }
      return (before, state.stops)
    }
    if before == 0, times <= 1 {
      note(
        "Interrupted by \(SignalName.of(signal)): ending the test processes; every report keeps what ran (a second signal ends cleanslate at once)."
      )
      for stop in stops { stop.interrupt(by: signal) }
    } else {
      for stop in stops { stop.killEveryProcess() }
      try? FileManager.default.removeItem(at: temporaryFolder)
      FileHandle.standardError.write(
        Data("Interrupted again by \(SignalName.of(signal)): ended at once.\n".utf8))
      _exit(128 + signal)
    }
  }
}

/// Has `number` no longer end the process by itself (a dispatch source hears it instead).
private func ignore(_ number: Int32) {
  _ = signal(number, SIG_IGN)
}
