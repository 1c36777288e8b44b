import Foundation

// Writes a synthetic lifecycle trace, in the JSON Lines schema CleanSlate writes, for the
// report's build-time benchmark and for screenshots:
//
//   ReportBenchmarks <events> <path> [processes] [lanes]
//
// Each process runs suites of 50 tests on `lanes` lanes; a suite sets up a shared fixture once;
// each test sets up three fixtures, runs its body and tears the three down (16 events a test).
// Every 97th test fails an expectation, every 389th has a teardown that times out, every 541st
// leaks an object. Durations are pseudo-random but the same for every run.

let arguments = CommandLine.arguments
guard arguments.count >= 3, let events = Int(arguments[1]) else {
  FileHandle.standardError.write(
    Data("usage: ReportBenchmarks <events> <path> [processes] [lanes]\n".utf8))
  exit(2)
}
let path = arguments[2]
let processes = arguments.count > 3 ? Int(arguments[3]) ?? 2 : 2
let lanes = arguments.count > 4 ? Int(arguments[4]) ?? 2 : 2

/// A small deterministic generator, so that every run writes the same trace.
struct SplitMix {
  var state: UInt64
  mutating func next(_ range: ClosedRange<Int64>) -> Int64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return range.lowerBound + Int64(z % UInt64(range.upperBound - range.lowerBound + 1))
  }
}

func json(_ fields: [(String, Any)]) -> String {
  var text = "{"
  for (index, (key, value)) in fields.enumerated() {
    if index > 0 { text += "," }
    text += "\"\(key)\":"
    switch value {
    case let string as String:
      text += "\"" + string.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    default:
      text += "\(value)"
    }
  }
  return text + "}\n"
}

var output = ""
var written = 0
let start: Int64 = 1_790_000_000_000_000
let perProcess = events / processes
for process in 0..<processes {
  let pid = 4000 + process
  var random = SplitMix(state: UInt64(pid))
  let prefix: [(String, Any)] = [("run", "bench"), ("pid", pid)]
  output += json([
    ("trace", "cleanslate"), ("v", 1), ("run", "bench"), ("pid", pid), ("host", "bench"),
    ("timeMicros", start), ("command", "/tmp/BenchPackageTests.xctest (process \(process + 1))"),
  ])
  var scopeID = 1
  var processEvents = 0
  func emit(_ time: Int64, _ fields: [(String, Any)]) {
    output += json(prefix + [("timeMicros", time)] + fields)
    processEvents += 1
    written += 1
  }
  emit(
    start,
    [("phase", "scopeBegin"), ("scope", "process"), ("scopeID", 1), ("scopeName", "process")])
  var laneTime = [Int64](repeating: start + 100, count: lanes)
  var testNumber = 0
  var suiteNumber = 0
  while processEvents < perProcess - 2 {
    suiteNumber += 1
    scopeID += 1
    let suiteID = scopeID
    let suite = "Suite\(suiteNumber)Tests"
    let suiteStart = laneTime.min()!
    emit(
      suiteStart,
      [
        ("phase", "scopeBegin"), ("scope", "suite"), ("scopeID", suiteID), ("parentScopeID", 1),
        ("scopeName", suite),
      ])
    for index in 0..<50 where processEvents < perProcess - 2 {
      testNumber += 1
      scopeID += 1
      let lane = laneTime.indices.min { laneTime[$0] < laneTime[$1] }!
      let name = "\(suite)/test\(index)()"
      var time = laneTime[lane] + random.next(20...200)
      let base: [(String, Any)] = [("scope", "test"), ("scopeID", scopeID), ("scopeName", name)]
      let testStart = time
      emit(
        time,
        [("phase", "scopeBegin")] + base.prefix(2) + [("parentScopeID", suiteID)] + base.suffix(1))
      if index == 0 {
        let duration = random.next(5_000...40_000)
        emit(
          time,
          [
            ("phase", "setupBegin"), ("scope", "suite"), ("scopeID", suiteID), ("scopeName", suite),
            ("fixture", "database"), ("test", name), ("at", "BenchTests/Fixtures.swift:12"),
          ])
        time += duration
        emit(
          time,
          [
            ("phase", "setupEnd"), ("scope", "suite"), ("scopeID", suiteID), ("scopeName", suite),
            ("fixture", "database"), ("test", name), ("outcome", "passed"),
            ("durationNanos", duration * 1000), ("at", "BenchTests/Fixtures.swift:12"),
          ])
      }
      let fixtures = ["scratch", "store", "server"]
      for (number, fixture) in fixtures.enumerated() {
        let duration = random.next(50...(fixture == "server" ? 4_000 : 900))
        let at = "BenchTests/Fixtures.swift:\(20 + 8 * number)"
        emit(
          time,
          [("phase", "setupBegin")] + base + [("fixture", fixture), ("test", name), ("at", at)])
        time += duration
        emit(
          time,
          [("phase", "setupEnd")] + base
            + [
              ("fixture", fixture), ("test", name), ("outcome", "passed"),
              ("durationNanos", duration * 1000), ("at", at),
            ])
      }
      let fails = testNumber % 97 == 0
      let body = random.next(100...3_000)
      emit(time, [("phase", "bodyBegin")] + base + [("test", name)])
      if fails {
        emit(
          time + body / 2,
          [("phase", "issue")] + base
            + [
              ("test", name), ("outcome", "failed"),
              ("at", "BenchTests/\(suite).swift:\(40 + index)"),
              ("message", "Expectation failed: (items.count → 2) == 3"),
            ])
      }
      time += body
      emit(
        time,
        [("phase", "bodyEnd")] + base
          + [
            ("test", name), ("outcome", fails ? "failed" : "passed"),
            ("durationNanos", body * 1000),
          ])
      let timesOut = testNumber % 389 == 0
      for (number, fixture) in fixtures.enumerated().reversed() {
        let slow = timesOut && fixture == "server"
        let duration = slow ? 10_000 : random.next(20...(fixture == "server" ? 2_000 : 600))
        let at = "BenchTests/Fixtures.swift:\(23 + 8 * number)"
        emit(
          time,
          [("phase", "teardownBegin")] + base + [("fixture", fixture), ("test", name), ("at", at)])
        time += duration
        var fields =
          base + [
            ("fixture", fixture), ("test", name), ("outcome", slow ? "timedOut" : "passed"),
            ("durationNanos", duration * 1000), ("at", at),
          ]
        if slow {
          fields.append(
            (
              "message",
              "Teardown of fixture 'server' did not finish within 0.01 seconds and was abandoned."
            ))
        }
        emit(time, [("phase", "teardownEnd")] + fields)
      }
      let leaks = testNumber % 541 == 0
      if leaks {
        emit(
          time,
          [("phase", "issue")] + base
            + [
              ("test", name), ("outcome", "failed"),
              ("at", "BenchTests/\(suite).swift:\(60 + index)"),
              ("code", "objectLeaked"),
              ("message", "Cache was still alive after every teardown of the test."),
            ])
      }
      emit(
        time,
        [("phase", "scopeEnd")] + base
          + [
            ("test", name), ("outcome", fails || timesOut || leaks ? "failed" : "passed"),
            ("durationNanos", (time - testStart) * 1000),
          ])
      laneTime[lane] = time
    }
    let suiteEnd = laneTime.max()! + 50
    for lane in laneTime.indices { laneTime[lane] = suiteEnd }
    emit(
      suiteEnd,
      [
        ("phase", "scopeEnd"), ("scope", "suite"), ("scopeID", suiteID), ("scopeName", suite),
        ("outcome", "passed"), ("durationNanos", (suiteEnd - suiteStart) * 1000),
      ])
  }
  emit(
    laneTime.max()! + 100,
    [
      ("phase", "scopeEnd"), ("scope", "process"), ("scopeID", 1), ("scopeName", "process"),
      ("outcome", "passed"),
    ])
}
try Data(output.utf8).write(to: URL(fileURLWithPath: path))
print("wrote \(written) events to \(path)")
