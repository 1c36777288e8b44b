import BenchmarkHarness
import CleanSlateHTTP
import Foundation

/// The fake every benchmark uses: the example (a resource, a route, a stub sequence)
/// and the one route the round trips ask for.
extension Fixture where Value == FakeServer {
  static let benchAPI = Fixture.fakeServer("benchAPI") { server in
    server.resource("/todos")
    server.route(.get, "/users/:id") { request in .json(["id": request.parameters["id"]]) }
    server.stub(.get, "/health", responses: [.status(503), .text("ok")])
  }
}

/// How long each test's ``Fixture/stopwatch`` ran, from its setup to its teardown.
let laps = Locked<Recorder>(Recorder())

/// A clock started by its fixture's setup and stopped by its teardown.
struct Stopwatch: Sendable {
  let start = ContinuousClock.now
}

extension Fixture where Value == Stopwatch {
  /// Used first in a test, it is torn down last, after every fixture the test used after it:
  /// its lap is the test's setup, body and teardown, without XCTest's own work around them.
  static let stopwatch = Fixture<Stopwatch>("stopwatch") { context in
    let watch = Stopwatch()
    context.addTeardown { laps.withLock { $0 }.record(ContinuousClock.now - watch.start) }
    return watch
  }
}

/// Returns the laps recorded since the last call, as a sample called `name`.
func takeLaps(_ name: String) -> Sample {
  laps.withLock { recorder in
    defer { recorder = Recorder() }
    return recorder.sample(name)
  }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
