import CleanSlate
package import CleanSlateChildProcess
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request to stop a launcher's launches, made once (`cleanslate test` makes it when it gets
/// `SIGINT` or `SIGTERM`): every test process running then is sent the same signal, and
/// `SIGKILL` after ``grace`` if it is still there, with every process it started; a test process
/// that starts later is ended as it starts, and no launch starts after it
/// (``LaunchInterrupted``).
///
/// It holds the test processes of its launcher's launches while they run (``track(_:)``), so
/// that it ends only those: nothing else of the machine, and no other launcher's.
package final class LaunchInterruption: Sendable {
  private struct State {
    var signal: Int32?
    var running: [ObjectIdentifier: ChildProcess.Running] = [:]
  }

  private let state = Locked(State())
  /// How long a test process has, once sent the signal, to end by itself before it is killed.
  package let grace: Duration

  /// A request not made yet, that gives test processes `grace` to end.
  package init(grace: Duration = .seconds(3)) {
    self.grace = grace
  }

  /// The signal the request was made for, once it was made.
  package var signal: Int32? { state.value.signal }

  /// Makes the request for `signal`: each test process running now is sent `signal`, and
  /// `SIGKILL` after ``grace`` if it has not ended. Returns `false`, and does nothing, when it
  /// was made already.
  @discardableResult
  package func interrupt(by signal: Int32) -> Bool {
    let running = state.withLock { state -> [ChildProcess.Running]? in
      guard state.signal == nil else { return nil }
      state.signal = signal
      return Array(state.running.values)
    }
    guard let running else { return false }
    for process in running { end(process, with: signal) }
    return true
  }

  /// Kills (`SIGKILL`) every test process running now and every process under it, at once: for a
  /// caller about to end itself, which cannot wait for the grace period.
  package func killEveryProcess() {
    for process in state.value.running.values where process.ended == nil {
      let pid = process.processIdentifier
      for child in TestProcessTree.descendants(of: pid).reversed() { kill(child, SIGKILL) }
      kill(pid, SIGKILL)
    }
  }

  /// Holds `process` while it runs, until ``release(_:)``; ends it at once when the request was
  /// made already (it started as the request was made).
  package func track(_ process: ChildProcess.Running) {
    let signal = state.withLock { state -> Int32? in
      state.running[ObjectIdentifier(process)] = process
      return state.signal
    }
    if let signal { end(process, with: signal) }
  }

  /// Lets `process` go: it has ended.
  package func release(_ process: ChildProcess.Running) {
    _ = state.withLock { $0.running.removeValue(forKey: ObjectIdentifier(process)) }
  }

  /// Sends `signal` to `process` and to every process under it, then `SIGKILL` to those left
  /// after the grace period.
  private func end(_ process: ChildProcess.Running, with signal: Int32) {
    let pid = process.processIdentifier
    let below = TestProcessTree.descendants(of: pid)
    for child in below.reversed() { kill(child, signal) }
    Task { [grace] in
      _ = await process.send(signal: signal)
      try? await Task.sleep(for: grace)
      guard process.ended == nil else { return }
      let below = TestProcessTree.descendants(of: pid)
      _ = await process.send(signal: SIGKILL)
      for child in below.reversed() { kill(child, SIGKILL) }
    }
  }
}

/// A launch stopped by its launcher's ``LaunchInterruption``: what it found before its test
/// processes were ended (none when it had not started), thrown instead of its result, so that no
/// caller mistakes an end the interruption caused for one the tests did.
package struct LaunchInterrupted: Error, Sendable, CustomStringConvertible {
  /// The signal the interruption was for.
  package var signal: Int32
  /// What the launch found before it was stopped: the tests that ended, and those running in each
  /// test process it ended (its ``Launch/crashes``); `nil` when it had not started.
  package var launch: Launch?

  /// A launch stopped for `signal`, having found `launch`.
  package init(signal: Int32, launch: Launch? = nil) {
    self.signal = signal
    self.launch = launch
  }

  package var description: String {
    "interrupted by \(SignalName.of(signal)): its test processes were ended"
  }
}
