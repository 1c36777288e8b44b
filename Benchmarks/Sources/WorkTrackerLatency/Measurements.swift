import CleanSlate
import Dispatch
import Foundation

/// How long the simulated work runs before it finishes.
private let workDuration = DispatchTimeInterval.microseconds(200)
private let warmUpRuns = 200

/// Latencies of a tracked task: the work's last line, then `waitUntilIdle` returning.
nonisolated func measureTrackedTasks(runs: Int) async -> Latencies {
  var latencies = Latencies()
  for run in 0..<(warmUpRuns + runs) {
    let tracker = WorkTracker()
    let finished = Stamp()
    tracker.start("work") {
      try? await Task.sleep(for: .microseconds(200))
      finished.set()
    }
    let waitBegan = Stamp.now()
    try? await tracker.waitUntilIdle(timeout: .seconds(5))
    let resumed = Stamp.now()
    if run >= warmUpRuns {
      latencies.add(finished: finished.value, waitBegan: waitBegan, resumed: resumed)
    }
  }
  return latencies
}

/// Latencies of GCD work in the tracker's DispatchGroup, written in the dispatch-group pattern.
nonisolated func measureTrackerGroup(runs: Int) async -> Latencies {
  var latencies = Latencies()
  let queue = DispatchQueue(label: "work")
  for run in 0..<(warmUpRuns + runs) {
    let tracker = WorkTracker()
    let finished = Stamp()
    let group = tracker.group
    group.enter()
    queue.asyncAfter(deadline: .now() + workDuration) {
      finished.set()
      group.leave()
    }
    let waitBegan = Stamp.now()
    try? await tracker.waitUntilIdle(timeout: .seconds(5))
    let resumed = Stamp.now()
    if run >= warmUpRuns {
      latencies.add(finished: finished.value, waitBegan: waitBegan, resumed: resumed)
    }
  }
  return latencies
}

/// Latencies of the dispatch-group pattern's wait: `dispatch_group_notify` sets a flag, and the
/// waiter runs the run loop (or sleeps) 2 ms at a time until it sees it.
func measureTwoMillisecondPolling(runs: Int) -> Latencies {
  var latencies = Latencies()
  let queue = DispatchQueue(label: "work")
  for run in 0..<(warmUpRuns / 10 + runs) {
    let group = DispatchGroup()
    let finished = Stamp()
    let didComplete = Stamp()
    group.enter()
    queue.asyncAfter(deadline: .now() + workDuration) {
      finished.set()
      group.leave()
    }
    let waitBegan = Stamp.now()
    group.notify(queue: .global()) { didComplete.set() }
    let end = Date(timeIntervalSinceNow: 5)
    while didComplete.value == 0, end.timeIntervalSinceNow > 0 {
      let interval = 0.002
      if !RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: interval)) {
        Thread.sleep(forTimeInterval: interval)
      }
    }
    let resumed = Stamp.now()
    if run >= warmUpRuns / 10 {
      latencies.add(finished: finished.value, waitBegan: waitBegan, resumed: resumed)
    }
  }
  return latencies
}

/// A moment, in nanoseconds of uptime, set from one thread and read from another.
final class Stamp: @unchecked Sendable {
  private let lock = NSLock()
  private var nanoseconds: UInt64 = 0

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  func set() {
    let now = Self.now()
    lock.withLock { nanoseconds = now }
  }

  var value: UInt64 { lock.withLock { nanoseconds } }
}

/// Wait latencies in microseconds, with the runs where the work finished before the wait began
/// (which measure nothing) counted apart.
struct Latencies {
  private(set) var microseconds: [Double] = []
  private(set) var workFinishedFirst = 0

  mutating func add(finished: UInt64, waitBegan: UInt64, resumed: UInt64) {
    guard finished > waitBegan else {
      workFinishedFirst += 1
      return
    }
    microseconds.append(Double(resumed - finished) / 1_000)
  }

  func percentile(_ fraction: Double) -> Double {
    let sorted = microseconds.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  var median: Double { percentile(0.5) }

  func row(_ name: String) -> String {
    let format = { (value: Double) in String(format: "%8.1f µs", value) }
    return "\(name.padding(toLength: 28, withPad: " ", startingAt: 0))"
      + " median \(format(median))  p99 \(format(percentile(0.99)))"
      + "  max \(format(percentile(1)))  (\(microseconds.count) runs"
      + (workFinishedFirst > 0 ? ", \(workFinishedFirst) skipped: work ended before the wait" : "")
      + ")"
  }
}
