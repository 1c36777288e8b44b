import Dispatch

/// Where thousands of simulated explanations run: one thread of their own, not the cooperative
/// pool's.
///
/// A simulated explanation never waits for a process, so a task group of a thousand of them on the
/// cooperative pool would hold its threads for a minute and more, and the tests running beside
/// them (a fake server's requests, an app's teardown) would wait behind them past their limits.
/// On a thread of their own, the system shares the cores between them and the other tests.
final class SimulationExecutor: TaskExecutor, @unchecked Sendable {
  /// The one executor the simulations share.
  static let shared = SimulationExecutor()

  private let queue = DispatchQueue(label: "cleanslate.explain-simulations")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
