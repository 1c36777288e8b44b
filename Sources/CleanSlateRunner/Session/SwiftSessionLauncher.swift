package import CleanSlate
package import CleanSlateTestProcess
import Foundation

/// Launches a session's tests as `swift test --skip-build` would, through a ``TestLauncher`` (the
/// built tests started directly): exact names (no filter when the launch is every listed test),
/// the arguments given after `--`, and every launch sent to ``events`` as it ends.
///
/// A launch of every test can start before the tests are listed (``startEverything()``), so that
/// `swift test list` runs beside it instead of before it.
///
/// A test process that crashes writes a quick report (``LaunchRequest/quickCrashReports``): the
/// runtime's own report names every frame of every thread from the debug information, 10 to 40
/// seconds a crash for a server app's debug build on a busy machine, where the quick one takes
/// under a second and reads the same (the test its crashed thread's frame pins, the frames its
/// crashes share). A `SWIFT_BACKTRACE` the user set is kept, and with it the runtime's report.
package struct SwiftSessionLauncher: TestLaunching {
  /// What starts the launches, of the package it was made for.
  package let launcher: TestLauncher
  /// Every test `swift test list` printed: a launch of all of them runs without a filter.
  package var listed: [TestName] = [] {
    didSet { names.know(listed) }
  }
  /// The arguments for `swift test` given after `--`.
  package var passthrough: [String] = []
  /// Variables set for every launch and printed with its command (`CLEANSLATE_TRACE`).
  package var variables: [String: String] = [:]
  /// How long a test may run before it is ended with its test process (`timedOut`); `nil`: as
  /// long as it takes.
  package var timeLimit: Duration?
  /// Whether each launch keeps a lifecycle trace of its own, so that each test's attempt knows
  /// which tests ran beside it (what `--explain` starts from). A trace the variables name
  /// (`CLEANSLATE_TRACE`, `--trace`) takes its place.
  package var traced = false
  /// Whether a test process that crashes writes a quick report (``LaunchRequest/quickCrashReports``)
  /// rather than the runtime's own, unless the environment sets `SWIFT_BACKTRACE`.
  package var quickCrashReports = true
  /// How long a test runs before the session is told it is slow (``SessionEvent/progress(test:_:at:)``),
  /// and again each period; `nil`: never.
  package var slowAfter: Duration?
  /// Where each launch goes once it has ended, and its progress as it runs.
  package var events: SessionEvents = SessionEvents()
  /// The tests by the names their frameworks print while they run.
  private let names = PrintedNames()
  /// The launch of every test started early, until a launch of every test takes it.
  private let early = Locked<StartedLaunch?>(nil)

  /// A launcher of the tests `launcher` starts, of which `listed` are every test, with
  /// `passthrough` for `swift test`, each test ended after `timeLimit` when one is given, and
  /// each launch sent to `events`.
  package init(
    launcher: TestLauncher, listed: [TestName] = [], passthrough: [String] = [],
    timeLimit: Duration? = nil, events: SessionEvents = SessionEvents()
  ) {
    self.launcher = launcher
    self.listed = listed
    names.know(listed)
    self.passthrough = passthrough
    self.timeLimit = timeLimit
    self.events = events
  }

  /// Has every launch write the session's lifecycle trace to `path` (`CLEANSLATE_TRACE`), which
  /// it empties first: one run in the trace (`CLEANSLATE_RUN_ID`, unless the environment names
  /// one), named after `shard` when one runs, retries included — so that `cleanslate summary` of
  /// every shard's trace shows their balance.
  package mutating func writeTrace(to path: String, shard: ShardSpec?) {
    let path = URL(fileURLWithPath: path).path
    try? FileManager.default.removeItem(atPath: path)
    variables["CLEANSLATE_TRACE"] = path
    let process = ProcessInfo.processInfo
    if process.environment["CLEANSLATE_RUN_ID", default: ""].isEmpty {
      let prefix = shard.map { "shard-\($0.index)-of-\($0.count)-" } ?? ""
      variables["CLEANSLATE_RUN_ID"] = "\(prefix)\(process.hostName)-\(process.processIdentifier)"
    }
  }

  /// Starts the launch of every test now, before ``listed`` is known: the first launch of every
  /// listed test takes its results.
  package func startEverything() {
    let started = launcher.start(request(for: [], everyTest: true))
    early.withLock { $0 = started }
  }

  /// The request that launches `tests` (every test, with no filter, when `everyTest`).
  package func request(for tests: [TestName], everyTest: Bool = false) -> LaunchRequest {
    var request = LaunchRequest(tests, everyTest: everyTest)
    request.passthrough = passthrough
    request.variables = variables.sorted { $0.key < $1.key }.map {
      .init(name: $0.key, value: $0.value)
    }
    request.timeLimit = timeLimit
    request.traced = traced && variables["CLEANSLATE_TRACE"] == nil
    request.quickCrashReports = quickCrashReports
    request.slowAfter = slowAfter
    names.know(tests)
    request.progress = { [events, names] progress in
      events.send(
        .progress(test: names.test(printed: progress.test), progress.kind, at: progress.at))
    }
    return request
  }

  /// Launches `tests` (or takes the launch of every test started early).
  ///
  /// A selection whose exact filter would pass the length Linux allows one argument (128 KiB:
  /// SwiftPM hands the selected names to the test process in one) launches in several parts,
  /// one after the other.
  ///
  /// - Throws: ``LaunchInterrupted`` when the launcher's interruption stopped it, with what every
  ///   part found.
  package func launch(_ tests: [TestName]) async throws -> Launch {
    guard tests != listed else { return try await launchEverything() }
    let parts = Self.parts(of: tests)
    var launch = try await launchOnce(parts.first ?? [])
    for part in parts.dropFirst() {
      do {
        launch.add(try await launchOnce(part))
      } catch var interrupted as LaunchInterrupted {
        if let partial = interrupted.launch { launch.add(partial) }
        interrupted.launch = launch
        throw interrupted
      }
    }
    return launch
  }

  /// `tests` in consecutive parts whose filter, and list of names, stay under `limit` bytes.
  static func parts(of tests: [TestName], limit: Int = 96 << 10) -> [[TestName]] {
    var parts: [[TestName]] = []
    var size = limit
    for test in tests {
      let cost = test.filter.utf8.count
      if size + cost > limit {
        parts.append([])
        size = 0
      }
      parts[parts.count - 1].append(test)
      size += cost
    }
    return parts
  }

  private func launchEverything() async throws -> Launch {
    let started = early.withLock { early in
      defer { early = nil }
      return early
    }
    let launch = started ?? launcher.start(request(for: listed, everyTest: true))
    return try await sent { try await launch.ended(naming: listed) }
  }

  private func launchOnce(_ tests: [TestName]) async throws -> Launch {
    try await sent { try await launcher.launch(request(for: tests)) }
  }

  /// The launch `ended` gives, sent to ``events`` — what it printed and found before it was
  /// stopped too, when an interruption stopped it.
  private func sent(_ ended: () async throws -> Launch) async throws -> Launch {
    do {
      let launch = try await ended()
      events.send(.launched(launch))
      return launch
    } catch let interrupted as LaunchInterrupted {
      if let partial = interrupted.launch { events.send(.launched(partial)) }
      throw interrupted
    }
  }
}
