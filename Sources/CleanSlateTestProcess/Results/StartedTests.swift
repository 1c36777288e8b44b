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
  /// How many lines of XCTest's output have been read.
  private var linesRead = 0
  /// When each running Swift Testing test started, by the event stream's clock (in seconds).
  private var startInstants: [String: Double] = [:]
  /// The Swift Testing tests that have recorded an issue that is not a known one.
  private var withIssues: Set<String> = []

  /// Reads the lines XCTest printed since the last call (`lines` holds every line so far).
  mutating func read(xcTestLines lines: [String], at now: ContinuousClock.Instant) {
    guard lines.count > linesRead else { return }
    for line in lines[linesRead...] {
      guard let (name, after) = XCTestOutput.testCase(in: Substring(line)) else { continue }
      if after.hasPrefix(" started") {
        running[name] = Running(name: name, since: now, isXCTest: true)
      } else if after.hasPrefix(" passed") || after.hasPrefix(" failed")
        || after.hasPrefix(" skipped")
      {
        running[name] = nil
      }
    }
    linesRead = lines.count
  }

  /// Reads the events of Swift Testing's event stream, one JSON object a line.
  mutating func read(events: some StringProtocol, at now: ContinuousClock.Instant) {
    for line in events.split(separator: "\n") {
      guard line.contains(#""testID""#),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let payload = object["payload"] as? [String: Any],
        let kind = payload["kind"] as? String, let id = payload["testID"] as? String,
        let test = TestName(swiftTestingID: id)
      else { continue }
      let name = test.listed
      let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
      switch kind {
      case "testStarted":
        running[name] = Running(name: name, since: now, isXCTest: false)
        startInstants[name] = instant
      case "issueRecorded":
        if (payload["issue"] as? [String: Any])?["isKnown"] as? Bool != true {
          withIssues.insert(name)
        }
      case "testEnded":
        running[name] = nil
        let started = startInstants.removeValue(forKey: name)
        guard !withIssues.contains(name) else { continue }
        let seconds = started.flatMap { started in instant.map { $0 - started } }
        ended[test] = TestEnd(.passed, seconds: seconds)
      case "testSkipped":
        running[name] = nil
        ended[test] = TestEnd(.skipped)
      default: break
      }
    }
  }

  /// Forgets every test of one framework: its process has ended.
  mutating func forget(xcTest: Bool) {
    running = running.filter { $0.value.isXCTest != xcTest }
  }
}
