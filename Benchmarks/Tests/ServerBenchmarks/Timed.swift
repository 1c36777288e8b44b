import CleanSlateTesting
import Foundation
import Testing
import Vapor

/// Times each test case as a whole (setup, body, teardown) around CleanSlate's scope, and
/// appends `mode total_ms body_ms` to SERVER_BENCH_OUT: setup + teardown is the difference.
struct Timed: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase != nil ? self : nil
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let body = BodyTime()
    let start = ContinuousClock.now
    try await BodyTime.$current.withValue(body) { try await function() }
    let total = ContinuousClock.now - start
    let line = "\(mode.rawValue) \(total.milliseconds) \(body.duration?.milliseconds ?? 0)\n"
    if let path = benchEnvironment["SERVER_BENCH_OUT"] { append(line, to: path) }
  }
}

extension Trait where Self == Timed {
  static var timed: Self { Timed() }
}

/// How long a test's body took, from after its fixtures were set up to its end.
final class BodyTime: @unchecked Sendable {
  @TaskLocal static var current: BodyTime?
  private let lock = NSLock()
  private var stored: Duration?
  var duration: Duration? { lock.withLock { stored } }
  func record(_ duration: Duration) { lock.withLock { stored = duration } }
}

/// Runs a test's requests, timed.
func measuredBody(_ body: (Application) async throws -> Void) async throws {
  let app = try await use(.shop)
  let start = ContinuousClock.now
  try await body(app)
  BodyTime.current?.record(ContinuousClock.now - start)
}

/// Runs `body` and, when SERVER_BENCH_PHASES names a file, appends `phase milliseconds` to it.
func timedPhase<R>(_ phase: String, _ body: () async throws -> R) async rethrows -> R {
  let start = ContinuousClock.now
  let result = try await body()
  if let path = benchEnvironment["SERVER_BENCH_PHASES"] {
    append("\(phase) \((ContinuousClock.now - start).milliseconds)\n", to: path)
  }
  return result
}

private let appendLock = NSLock()

private func append(_ line: String, to path: String) {
  appendLock.withLock {
    if let handle = FileHandle(forWritingAtPath: path) {
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      try? handle.close()
    } else {
      _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
    }
  }
}

extension Duration {
  var milliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}
