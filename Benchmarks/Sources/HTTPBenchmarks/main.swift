import BenchmarkHarness
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

/// Prints the sample's median and 90th percentile in microseconds, and returns the median.
@discardableResult
func report(_ sample: Sample) -> Double {
  let sorted = sample.milliseconds.sorted().map { $0 * 1_000 }
  let median = sorted[sorted.count / 2]
  print(
    String(
      format: "%-64@ median %8.2f µs  p90 %8.2f  (n=%d)", sample.name as NSString, median,
      sorted[sorted.count * 9 / 10], sorted.count))
  return median
}

/// Times `body` into `recorder`.
func time<R>(_ recorder: Recorder, _ body: () throws -> R) rethrows -> R {
  let start = ContinuousClock.now
  defer { recorder.record(ContinuousClock.now - start) }
  return try body()
}

// `HTTPBenchmarks per-test [count]` runs only tests with a fresh fake, for profiling
// (`perf record`); no figures.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "per-test" {
  runTests("per test", count: arguments.dropFirst().first.flatMap { Int($0) } ?? 5_000) {
    testCase in
    _ = try await testCase.use(.benchAPI)
  }
  exit(0)
}

// MARK: - A fresh fake per test

print("== A fresh fake per test (XCTest FixtureTestCase tests, setup to teardown)")
runTests("warm-up", count: 300) { testCase in
  _ = try await testCase.use(.stopwatch)
  _ = try await testCase.use(.benchAPI)
}
_ = takeLaps("warm-up")
var baseline: [Double] = []
var withFake: [Double] = []
let setups = Recorder()
// Interleaved blocks, so that both kinds of test see the same machine.
for _ in 0..<10 {
  runTests("baseline", count: 100) { testCase in _ = try await testCase.use(.stopwatch) }
  baseline += takeLaps("baseline").milliseconds
  runTests("fake", count: 100) { testCase in
    _ = try await testCase.use(.stopwatch)
    let start = ContinuousClock.now
    _ = try await testCase.use(.benchAPI)
    setups.record(ContinuousClock.now - start)
  }
  withFake += takeLaps("fake").milliseconds
}
let baselineMedian = report(Sample(name: "a fixture alone (stopwatch)", milliseconds: baseline))
let fakeMedian = report(
  Sample(name: "the same + a fresh fake (create, routes, start, stop)", milliseconds: withFake))
report(setups.sample("… of which use(.benchAPI): create, routes, start"))
print(
  String(
    format: "  → a fresh fake adds %.3f ms to a test (goal ≤ 0.2 ms)",
    (fakeMedian - baselineMedian) / 1_000))

// MARK: - Round trips

print("== One request round trip (GET /health → 200 ok, kept-alive connection, 127.0.0.1)")
let fakeTrips = Recorder()
let bareTrips = Recorder()
let inProcess = Recorder()
let inProcessResource = Recorder()
runTests("round trips", count: 1) { testCase in
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
    precondition(time(fakeTrips) { fakeClient.roundTrip(request) } == 200)
    precondition(time(bareTrips) { bareClient.roundTrip(request) } == 200)
  }
  let health = URLRequest(url: api.url("/health"))
  let todo = URLRequest(url: api.url("/todos/1"))
  for _ in 0..<2_000 { _ = try await api.respond(to: health) }
  for _ in 0..<20_000 {
    let start = ContinuousClock.now
    let (_, response) = try await api.respond(to: health)
    inProcess.record(ContinuousClock.now - start)
    precondition(response.statusCode == 200)
  }
  for _ in 0..<20_000 {
    let start = ContinuousClock.now
    _ = try await api.respond(to: todo)
    inProcessResource.record(ContinuousClock.now - start)
  }
}
let fakeTrip = report(fakeTrips.sample("loopback: the fake (a stub)"))
let bareTrip = report(bareTrips.sample("loopback: a bare SwiftNIO HTTP server"))
print(String(format: "  → the fake / bare SwiftNIO: %.2f× (goal ≤ 1.5×)", fakeTrip / bareTrip))
report(inProcess.sample("in process: respond(to: URLRequest), the stub (goal ≤ 20 µs)"))
report(inProcessResource.sample("in process: respond(to: URLRequest), GET /todos/1 (a resource)"))

// MARK: - A thousand tests

print("== 1,000 tests, each with a fake of its own and one request over the loopback")
runTests("warm-up", count: 50) { testCase in
  let api = try await testCase.use(.benchAPI)
  LoopbackClient(port: api.port).roundTrip(request)
}
let before = ProcessResources.current
for round in 1...2 {
  runTests("thousand", count: 1_000) { testCase in
    _ = try await testCase.use(.stopwatch)
    let api = try await testCase.use(.benchAPI)
    LoopbackClient(port: api.port).roundTrip(request)
  }
  report(takeLaps("a test: fresh fake, one request, stop (round \(round))"))
  print("  after \(round * 1_000) tests: \(ProcessResources.current.description)")
}
print("  before:            \(before.description)")
// Dispatch keeps idle worker threads for a few seconds before it ends them: count once more
// when the pool has settled.
Thread.sleep(forTimeInterval: 10)
print("  10 s later:        \(ProcessResources.current.description)")
