#if GRDB
  internal import Foundation

  #if canImport(Glibc)
    internal import Glibc
  #endif

  /// A thread of its own that runs jobs one after another, at a priority below the tests'.
  ///
  /// The supply's copies are made here so that they use a core the tests leave idle, never one a
  /// test is waiting for: on a machine whose cores are all busy (other test processes, a build),
  /// a job at normal priority would take its share of the CPU from the test running next to it.
  /// On Linux the thread lowers its own `nice` value (which Linux keeps per thread); elsewhere it
  /// runs at the `.utility` quality of service.
  final class BackgroundWorker: @unchecked Sendable {
    /// How much less the thread gets than a test's threads when both want a core, as a `nice`
    /// increment: 10 gives it about a tenth of their share.
    static let niceness: Int32 = 10

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var busy = false
    private var stopped = false

    init(name: String) {
      let thread = Thread { [self] in run() }
      thread.name = name
      thread.qualityOfService = .utility
      thread.start()
    }

    /// Runs `job` after the jobs already given.
    func async(_ job: @escaping () -> Void) {
      condition.withLock {
        jobs.append(job)
        condition.broadcast()
      }
    }

    /// How many jobs wait, not counting the one running.
    var backlog: Int { condition.withLock { jobs.count } }

    /// Waits until every job given so far has run.
    func waitUntilIdle() {
      condition.withLock {
        while busy || !jobs.isEmpty { condition.wait() }
      }
    }

    /// Lets the thread end once the jobs given so far have run.
    func stop() {
      condition.withLock {
        stopped = true
        condition.broadcast()
      }
    }

    private func run() {
      #if canImport(Glibc)
        // PRIO_PROCESS with 0 is the calling thread on Linux. Raising one's own nice value needs
        // no privilege; failing to is harmless.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
      #endif
      while let job = next() {
        job()
      }
    }

    /// The next job, once there is one; nil once stopped with nothing left.
    private func next() -> (() -> Void)? {
      condition.withLock {
        busy = false
        condition.broadcast()
        while jobs.isEmpty && !stopped { condition.wait() }
        guard !jobs.isEmpty else { return nil }
        busy = true
        return jobs.removeFirst()
      }
    }
  }
#endif
