// Measures how long a waiter takes to notice that the last tracked work finished: from the work's
// last line to the waiter running again. WorkTracker (event-driven) against the 2 ms polling loop
// that XCTest suites using the dispatch-group pattern wait with, in the same run.
//
//   swift run -c release --package-path Benchmarks WorkTrackerLatency [runs] [polling runs]

import Foundation

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = arguments.first ?? 10_000
let pollingRuns = arguments.dropFirst().first ?? 1_000

print("Wait latency: last tracked work finishing → waiter resuming (work lasts ~200 µs)")
print("runs: \(runs) per WorkTracker case, \(pollingRuns) for polling; 200 warm-up runs each\n")

let trackedTasks = await measureTrackedTasks(runs: runs)
print(trackedTasks.row("WorkTracker, task (start)"))
let trackedGroup = await measureTrackerGroup(runs: runs)
print(trackedGroup.row("WorkTracker, GCD (group)"))
let polling = measureTwoMillisecondPolling(runs: pollingRuns)
print(polling.row("2 ms polling (dispatch group)"))

let speedUp = { (latencies: Latencies) in String(format: "%.0f×", polling.median / latencies.median)
}
print(
  "\nmedian speed-up over polling: task \(speedUp(trackedTasks)), group \(speedUp(trackedGroup))")
