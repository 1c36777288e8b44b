package import CleanSlate

/// What a lifecycle report shows, computed from a ``TraceLog``: a timeline of every test per
/// process and lane, the fixtures by time, the slowest tests, and the problems found.
package struct LifecycleReport: Sendable {
  /// How a test ended, as the report colours it.
  package enum TestOutcome: String, Sendable, Hashable, CaseIterable {
    case passed, failed, timedOut, skipped, knownIssue
    /// The process ended (or crashed) before the test did.
    case unfinished
  }

  /// One part of a test's bar.
  package struct Segment: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
      /// A fixture's setup (a shared one is set up for the test that asked first).
      case setup
      /// The test's own code.
      case body
      /// One teardown.
      case teardown
      /// A wait inside a fixture's setup, for what another test holds or is making (a lock, a
      /// database from a pool): part of the setup's time that was not work.
      case wait
    }

    package var kind: Kind
    /// The fixture's name (the test's name for the body; `teardown` for a test's own; the
    /// fixture and what it waited for, for a wait).
    package var name: String
    /// The scope the fixture lives in.
    package var scope: FixtureScope
    /// Microseconds from the process's start.
    package var start: Int64
    package var end: Int64
    package var outcome: LifecycleEvent.Outcome
    /// The fixture's declaration, or where the teardown was registered.
    package var location: String?
    package var message: String?
  }

  /// An issue a test recorded, or one CleanSlate found.
  package struct Issue: Sendable, Hashable {
    package var message: String
    package var location: String?
    /// CleanSlate's code (`objectLeaked`, …), for one CleanSlate found.
    package var code: String?
    package var known: Bool
    /// Microseconds from the process's start.
    package var time: Int64
  }

  /// What a fixture noted on a failed test, such as the command that replays it.
  package struct Note: Sendable, Hashable {
    package var message: String
    /// The line that asked for the fixture that noted it.
    package var location: String?

    package init(message: String, location: String?) {
      self.message = message
      self.location = location
    }
  }

  /// One test (one argument case of a parameterized test), as a bar on the timeline.
  package struct Test: Sendable, Hashable, Identifiable {
    /// Unique within the report.
    package var id: Int
    package var name: String
    /// The suite it ran in, if any.
    package var suite: String?
    package var process: Int
    /// The row of its process it is drawn on: tests that overlap in time go on separate lanes.
    package var lane = 0
    /// Microseconds from the process's start.
    package var start: Int64
    package var end: Int64
    package var outcome: TestOutcome
    package var segments: [Segment] = []
    package var issues: [Issue] = []
    package var notes: [Note] = []

    package var duration: Int64 { end - start }
  }

  /// One test process's timeline.
  package struct Process: Sendable, Hashable {
    package var run: String
    package var pid: Int
    package var host: String
    package var command: String
    /// When its trace began, in microseconds since 1970.
    package var startMicros: Int64
    /// The run's seed for `.seededRandom` in this process, if its trace names one.
    package var seed: String?
    /// Microseconds from its start to its last event.
    package var length: Int64
    package var lanes: Int
  }

  /// A problem listed under the timeline, with a link to its test.
  package struct Problem: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
      case failure, teardownTimeout, leftoverWork, leak
    }

    package var kind: Kind
    /// The test it happened in, if it happened in one.
    package var test: Int?
    /// The test's or the scope's name.
    package var subject: String
    package var message: String
    package var location: String?
    /// What fixtures noted on the failed test.
    package var notes: [String] = []
  }

  package var processes: [Process] = []
  package var tests: [Test] = []
  /// Setup and teardown time per fixture, each setup counted once in the scope it ran in.
  package var summary = LifecycleSummary()
  package var problems: [Problem] = []
  /// What the reader warned about.
  package var warnings: [String] = []

  /// The `count` slowest tests, slowest first (of equally long ones, the first one first).
  package func slowestTests(_ count: Int) -> [Test] {
    // Picked in one pass, not by sorting every test: a report can have a hundred thousand.
    func isSlower(_ test: Int, than other: Int) -> Bool {
      (tests[test].duration, tests[other].id) > (tests[other].duration, tests[test].id)
    }
    var slowest: [Int] = []
    guard count > 0 else { return [] }
    for test in tests.indices {
      guard slowest.count < count || isSlower(test, than: slowest[slowest.count - 1]) else {
        continue
      }
      var position = slowest.count
      while position > 0, isSlower(test, than: slowest[position - 1]) { position -= 1 }
      slowest.insert(test, at: position)
      if slowest.count > count { slowest.removeLast() }
    }
    return slowest.map { tests[$0] }
  }
}
