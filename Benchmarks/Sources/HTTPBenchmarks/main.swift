import CleanSlateHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The fake HTTP server's costs, every figure in one run (release mode): a fresh fake per test,
// one loopback round trip against a bare SwiftNIO server, one in-process round trip, and a
// thousand tests with a fake each (file descriptors and threads before and after). Run with
// Benchmarks/run-http.sh; results go in BENCHMARKS.md under "Fake HTTP server".

let request = Array("GET /health HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)

/// The median of `values`, and the line that reports it.
func report(_ name: String, _ values: [Double], unit: String = "µs") -> Double {
  let sorted = values.sorted()
  let median = sorted[sorted.count / 2]
  let p90 = sorted[sorted.count * 9 / 10]
  print(
    String(
      format: "%-62@ median %9.2f %@  p90 %9.2f  (n=%d)", name as NSString, median,
      unit as NSString, p90, values.count))
  return median
}

func microseconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
}

// `HTTPBenchmarks per-test [count]` runs only tests with a fresh fake, for profiling
// (`perf record`); no figures.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "per-test" {
  runTests(count: arguments.dropFirst().first.flatMap { Int($0) } ?? 5_000) { testCase in
    _ = try await testCase.use(.benchAPI)
  }
  exit(0)
}

// MARK: - A fresh fake per test

print("== A fresh fake per test (each test: XCTest FixtureTestCase, setup to teardown)")
runTests(count: 300) { testCase in
  _ = try await testCase.use(.stopwatch)
  _ = try await testCase.use(.benchAPI)
}
_ = Stopwatch.takeLaps()
var baseline: [Double] = []
var withFake: [Double] = []
let setups = Recorder()
for _ in 0..<10 {
  runTests(count: 100) { testCase in _ = try await testCase.use(.stopwatch) }
  baseline += Stopwatch.takeLaps()
  runTests(count: 100) { testCase in
    _ = try await testCase.use(.stopwatch)
    let start = ContinuousClock.now
    _ = try await testCase.use(.benchAPI)
    setups.add(microseconds(since: start))
  }
  withFake += Stopwatch.takeLaps()
}
let baselineMedian = report("a fixture alone (stopwatch), setup to teardown", baseline)
let fakeMedian = report("the same + a fresh fake (create, routes, start, stop)", withFake)
_ = report("… of which use(.benchAPI): create, routes, start", setups.values)
print(
  String(
    format: "  → a fresh fake adds %.3f ms to a test (goal ≤ 0.2 ms)",
    (fakeMedian - baselineMedian) / 1_000))

// MARK: - Round trips

print("== One request round trip (GET /health → 200 ok, kept-alive connection, 127.0.0.1)")
let roundTrips = Recorder()
let bareTrips = Recorder()
let inProcess = Recorder()
let inProcessResource = Recorder()
runTests(count: 1) { testCase in
  let api = try await testCase.use(.benchAPI)
  api.resource("/todos").insert(["title": "Buy milk", "done": false])
  let bare = try BareNIOServer()
  defer { bare.stop() }
  let fakeClient = LoopbackClient(port: api.port)
  let bareClient = LoopbackClient(port: bare.port)
  for _ in 0..<2_000 {
    fakeClient.roundTrip(request)
    bareClient.roundTrip(request)
  }
  // Interleaved, request by request, so that both servers see the same machine.
  for _ in 0..<20_000 {
    var start = ContinuousClock.now
    precondition(fakeClient.roundTrip(request) == 200)
    roundTrips.add(microseconds(since: start))
    start = ContinuousClock.now
    precondition(bareClient.roundTrip(request) == 200)
    bareTrips.add(microseconds(since: start))
  }
  let health = URLRequest(url: api.url("/health"))
  let todo = URLRequest(url: api.url("/todos/1"))
  for _ in 0..<2_000 { _ = try await api.respond(to: health) }
  for _ in 0..<20_000 {
    let start = ContinuousClock.now
    let (_, response) = try await api.respond(to: health)
    inProcess.add(microseconds(since: start))
    precondition(response.statusCode == 200)
  }
  for _ in 0..<20_000 {
    let start = ContinuousClock.now
    _ = try await api.respond(to: todo)
    inProcessResource.add(microseconds(since: start))
  }
}
let fakeTrip = report("loopback: the fake (a stub)", roundTrips.values)
let bareTrip = report("loopback: a bare SwiftNIO HTTP server", bareTrips.values)
print(String(format: "  → the fake / bare SwiftNIO: %.2f× (goal ≤ 1.5×)", fakeTrip / bareTrip))
_ = report("in process: respond(to: URLRequest), the stub (goal ≤ 20 µs)", inProcess.values)
_ = report(
  "in process: respond(to: URLRequest), GET /todos/1 (a resource)", inProcessResource.values)

// MARK: - A thousand tests

print("== 1,000 tests, each with a fake of its own and one request over the loopback")
runTests(count: 50) { testCase in
  let api = try await testCase.use(.benchAPI)
  LoopbackClient(port: api.port).roundTrip(request)
}
let before = ProcessResources.current
for round in 1...2 {
  runTests(count: 1_000) { testCase in
    _ = try await testCase.use(.stopwatch)
    let api = try await testCase.use(.benchAPI)
    LoopbackClient(port: api.port).roundTrip(request)
  }
  _ = report("a test: fresh fake, one request, stop (round \(round))", Stopwatch.takeLaps())
  print("  after \(round * 1_000) tests: \(ProcessResources.current.description)")
}
print("  before:            \(before.description)")
// Dispatch keeps idle worker threads for a few seconds before it ends them: count once more
// when the pool has settled.
Thread.sleep(forTimeInterval: 10)
print("  10 s later:        \(ProcessResources.current.description)")

/// Values added from test bodies.
final class Recorder: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Double] = []
  func add(_ value: Double) { lock.withLock { stored.append(value) } }
  var values: [Double] { lock.withLock { stored } }
}
