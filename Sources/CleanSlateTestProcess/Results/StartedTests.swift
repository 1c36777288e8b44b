import CleanSlate
import Foundation

/// The tests of a `swift test` run that have started and not ended, from what the frameworks say
/// as they go: XCTest's `Test Case 'Class.test' started` and `… passed (0.1 seconds)` lines, and
/// the `testStarted` and `testEnded` events of Swift Testing's event stream
/// (`--experimental-event-stream-output`), which name each test fully.
///
/// Each test is timed from the moment its start is read, not from when its batch began: a Swift
/// Testing test that waits for others to finish counts none of that wait.
struct StartedTests {
  /// A test that runs: its name as its framework gives it (XCTest's `Class.test`, Swift Testing's
  /// `Module.Suite/test()`), since when, and in which framework.
  struct Running: Equatable {
    var name: String
    var since: ContinuousClock.Instant
    var isXCTest: Bool
  }

  private(set) var running: [String: Running] = [:]
  /// The Swift Testing tests that the event stream says ended without an issue (known issues
  /// aside), passed, or were skipped: the results of a test process that is ended before it
  /// writes its XUnit file. A test that recorded an issue is left out (its message is in the
  /// XUnit file, or in its next run).
  private(set) var ended: [TestName: TestEnd] = [:]
  /// What Swift Testing's events say of the run (``FrameworkReport``): the tests it started and
  /// failed, and the failures it recorded outside any test.
  private(set) var report = FrameworkReport()
  /// Each test's start and end, as it was read and until ``takeEnds()`` takes it: what a launch's progress
  /// says as it happens (``TestProgress``).
  private var endsRead: [TestProgress] = []
  /// When each running XCTest test started, by its `started at …` line.
  private var xcTestStarts: [String: Date] = [:]
  /// How many lines of XCTest's output have been read.
  private var linesRead = 0
  /// When each running Swift Testing test started, by the event stream's clock (in seconds).
  private var startInstants: [String: Double] = [:]
  /// The Swift Testing tests that have recorded an issue that fails them (``fails(_:)``).
  private var withIssues: Set<String> = []

  /// Reads the lines XCTest printed since the last call (`lines` holds every line so far).
  mutating func read(xcTestLines lines: [String], at now: ContinuousClock.Instant) {
    guard lines.count > linesRead else { return }
    for line in lines[linesRead...] {
      guard let (name, after) = XCTestOutput.testCase(in: Substring(line)) else { continue }
      if after.hasPrefix(" started") {
        running[name] = Running(name: name, since: now, isXCTest: true)
        let started = XCTestOutput.startDate(in: after)
        xcTestStarts[name] = started
        endsRead.append(TestProgress(name, .started, at: started))
      } else if let outcome = Self.outcome(after) {
        running[name] = nil
        let seconds = after.split(separator: "(").last?.split(separator: " ").first
          .flatMap { Double($0) }
        let ended = xcTestStarts.removeValue(forKey: name).flatMap { started in
          seconds.map { started.addingTimeInterval($0) }
        }
        endsRead.append(TestProgress(name, .ended(outcome, seconds: seconds), at: ended))
      }
    }
    linesRead = lines.count
  }

  /// Reads the events of Swift Testing's event stream, one JSON object a line.
  mutating func read(events: some StringProtocol, at now: ContinuousClock.Instant) {
    for line in events.split(separator: "\n") {
      guard line.contains(#""kind""#),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let payload = object["payload"] as? [String: Any],
        let kind = payload["kind"] as? String
      else { continue }
      let test = (payload["testID"] as? String).flatMap(TestName.init(swiftTestingID:))
      guard let test else {
        // An issue no test holds: recorded in a suite's trait, or by no test at all.
        if kind == "issueRecorded", Self.fails(payload["issue"] as? [String: Any] ?? [:]) {
          report.outside.append(Self.words(of: payload))
        }
        continue
      }
      let name = test.listed
      let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
      let at = ((payload["instant"] as? [String: Any])?["since1970"] as? Double)
        .map { Date(timeIntervalSince1970: $0) }
      switch kind {
      case "testStarted":
        running[name] = Running(name: name, since: now, isXCTest: false)
        startInstants[name] = instant
        report.started.append(name)
        endsRead.append(TestProgress(name, .started, at: at))
      case "issueRecorded":
        if Self.fails(payload["issue"] as? [String: Any] ?? [:]), withIssues.insert(name).inserted {
          report.failed.append(name)
        }
      case "testEnded":
        running[name] = nil
        let started = startInstants.removeValue(forKey: name)
        let seconds = started.flatMap { started in instant.map { $0 - started } }
        let failed = withIssues.contains(name)
        endsRead.append(
          TestProgress(name, .ended(failed ? .failed : .passed, seconds: seconds), at: at))
        guard !failed else { continue }
        ended[test] = TestEnd(.passed, seconds: seconds)
      case "testSkipped":
        running[name] = nil
        ended[test] = TestEnd(.skipped)
        endsRead.append(TestProgress(name, .ended(.skipped, seconds: nil), at: at))
      default: break
      }
    }
  }

  /// An issue's record in one line: its message (`Expectation failed: 1 == 2`) and where
  /// (`Free.swift:5:2`), or where and who (`Module.Suite`) when it has no message.
  private static func words(of payload: [String: Any]) -> String {
    let messages = payload["messages"] as? [[String: Any]] ?? []
    let texts = messages.compactMap { $0["text"] as? String }.filter { !$0.isEmpty }
    let text = texts.isEmpty ? nil : texts.joined(separator: ": ")
    let issue = payload["issue"] as? [String: Any] ?? [:]
    let location = issue["sourceLocation"] as? [String: Any] ?? [:]
    let file = (location["fileID"] as? String)?.split(separator: "/").last.map(String.init)
    let place = file.map { file in
      [file, (location["line"] as? Int).map(String.init)].compactMap(\.self).joined(separator: ":")
    }
    let what = text ?? (payload["testID"] as? String).map { "an issue in \($0)" } ?? "an issue"
    return place.map { "\(what) (\($0))" } ?? what
  }

  /// Whether an issue of the event stream fails its test, as Swift Testing judges it: its own
  /// `isFailure` (written from version 6.3 on), else not a known issue and not a warning.
  static func fails(_ issue: [String: Any]) -> Bool {
    if let isFailure = issue["isFailure"] as? Bool { return isFailure }
    return issue["isKnown"] as? Bool != true && issue["severity"] as? String != "warning"
  }

  /// The starts and ends read since the last call, in the order they were read.
  mutating func takeEnds() -> [TestProgress] {
    defer { endsRead = [] }
    return endsRead
  }

  /// How an XCTest `Test Case '…'` line after the name says the test ended: ` passed (0.1
  /// seconds)`, ` failed (…)`, ` skipped (…)`; `nil` for a start or any other line.
  private static func outcome(_ after: Substring) -> TestEnd.Outcome? {
    if after.hasPrefix(" passed") { return .passed }
    if after.hasPrefix(" failed") { return .failed }
    return after.hasPrefix(" skipped") ? .skipped : nil
  }

  /// Forgets every test of one framework: its process has ended.
  mutating func forget(xcTest: Bool) {
    running = running.filter { $0.value.isXCTest != xcTest }
  }
}
