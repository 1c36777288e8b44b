import Foundation

/// What a run's lifecycle events add up to: how many tests ran and how they ended, and the time
/// each fixture took to set up and tear down.
///
/// The outline writer prints it when the process scope ends; `cleanslate summary` prints it for
/// trace files. It counts every setup once, in the scope it ran in: a suite fixture set up once
/// for many tests is one setup, not one per test.
package struct LifecycleSummary: Sendable {
  /// The time one fixture took, over the whole run.
  package struct FixtureRow: Sendable, Hashable {
    /// The fixture's name.
    package var name: String
    /// The scope it lived in.
    package var scope: FixtureScope
    /// Where it was declared, as `Module/File.swift:12`, when a setup event said.
    package var declaration: String?
    /// How many times it was set up.
    package var setups = 0
    /// The time its setups took.
    package var setupTime: Duration = .zero
    /// How many of its teardowns ran (a fixture may register several).
    package var teardowns = 0
    /// The time its teardowns took.
    package var teardownTime: Duration = .zero

    /// Setup and teardown time together.
    package var totalTime: Duration { setupTime + teardownTime }

    /// Setup and teardown time per setup.
    package var meanTime: Duration { setups > 0 ? totalTime / setups : totalTime }
  }

  /// The time one fixture's setups spent waiting for one thing, over the whole run.
  package struct WaitRow: Sendable, Hashable {
    /// The fixture whose setup waited.
    package var fixture: String
    /// What it waited for ("the configure lock").
    package var waitedFor: String
    /// How many times it waited.
    package var waits = 0
    /// The time those waits took.
    package var time: Duration = .zero

    /// The time per wait.
    package var meanTime: Duration { waits > 0 ? time / waits : time }
  }

  private struct Key: Hashable {
    var name: String
    var scope: FixtureScope
  }

  private struct WaitKey: Hashable {
    var fixture: String
    var waitedFor: String
  }

  private var fixtures: [Key: FixtureRow] = [:]
  private var waits: [WaitKey: WaitRow] = [:]
  /// Tests that ended (test scopes, including each argument case of a parameterized test).
  package private(set) var tests = 0
  /// Tests that failed.
  package private(set) var failedTests = 0
  /// Tests that were skipped.
  package private(set) var skippedTests = 0
  /// Tests that recorded only known issues.
  package private(set) var knownIssueTests = 0
  /// Teardowns abandoned after their time limit.
  package private(set) var timedOutTeardowns = 0

  package init() {}

  /// Counts one event.
  package mutating func add(_ event: LifecycleEvent) {
    switch event.phase {
    case .scopeEnd where event.scope == .test:
      tests += 1
      switch event.outcome {
      case .failed?, .timedOut?: failedTests += 1
      case .skipped?: skippedTests += 1
      case .knownIssue?: knownIssueTests += 1
      case .passed?, nil: break
      }
    case .setupEnd:
      guard let fixture = event.fixture else { return }
      let key = Key(name: fixture, scope: event.scope)
      fixtures[key, default: FixtureRow(name: fixture, scope: event.scope)].setups += 1
      fixtures[key]!.setupTime += event.duration ?? .zero
      if fixtures[key]!.declaration == nil {
        fixtures[key]!.declaration = event.location?.description
      }
    case .waitEnd:
      guard let fixture = event.fixture else { return }
      let key = WaitKey(fixture: fixture, waitedFor: event.message ?? "")
      waits[key, default: WaitRow(fixture: fixture, waitedFor: key.waitedFor)].waits += 1
      waits[key]!.time += event.duration ?? .zero
    case .teardownEnd:
      if event.outcome == .timedOut { timedOutTeardowns += 1 }
      guard let fixture = event.fixture else { return }
      let key = Key(name: fixture, scope: event.scope)
      fixtures[key, default: FixtureRow(name: fixture, scope: event.scope)].teardowns += 1
      fixtures[key]!.teardownTime += event.duration ?? .zero
    default:
      return
    }
  }

  /// Every fixture, the slowest (by setup and teardown time together) first.
  package var fixtureRows: [FixtureRow] {
    fixtures.values.sorted {
      ($0.totalTime, $1.name, $1.scope.rawValue) > ($1.totalTime, $0.name, $0.scope.rawValue)
    }
  }

  /// Every wait inside a setup, the longest (in all) first.
  package var waitRows: [WaitRow] {
    waits.values.sorted {
      ($0.time, $1.fixture, $1.waitedFor) > ($1.time, $0.fixture, $0.waitedFor)
    }
  }

  /// The summary as lines of text: the counts, the `top` slowest fixtures, then what their
  /// setups waited for (their time includes it).
  package func lines(top: Int = 10) -> [String] {
    var counts = "\(tests) test\(tests == 1 ? "" : "s"), \(failedTests) failed"
    if skippedTests > 0 { counts += ", \(skippedTests) skipped" }
    if knownIssueTests > 0 { counts += ", \(knownIssueTests) with known issues" }
    counts +=
      ", \(timedOutTeardowns) teardown\(timedOutTeardowns == 1 ? "" : "s") timed out"
    var lines = ["Summary: " + counts]
    let rows = fixtureRows.prefix(top)
    guard !rows.isEmpty else { return lines }
    lines.append("Slowest fixtures (setup + teardown):")
    lines.append("     total       mean  count  scope    fixture")
    for row in rows {
      var line =
        "\(pad(format(row.totalTime), 10)) \(pad(format(row.meanTime), 10)) \(pad("\(row.setups)", 6))  \(row.scope.description.padding(toLength: 8, withPad: " ", startingAt: 0)) \(row.name)"
      if let declaration = row.declaration { line += "  (\(declaration))" }
      lines.append(line)
    }
    let waitRows = self.waitRows.prefix(top)
    guard !waitRows.isEmpty else { return lines }
    lines.append("Waiting inside setups (counted in the fixtures' time above):")
    lines.append("     total       mean  count  fixture                  waiting for")
    for row in waitRows {
      lines.append(
        "\(pad(format(row.time), 10)) \(pad(format(row.meanTime), 10)) \(pad("\(row.waits)", 6))  \(row.fixture.padding(toLength: 24, withPad: " ", startingAt: 0)) \(row.waitedFor)"
      )
    }
    return lines
  }

  private func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// A duration in milliseconds with two decimals, or seconds past ten seconds.
  package static func format(_ duration: Duration) -> String {
    let seconds = duration.inSeconds
    return seconds >= 10
      ? String(format: "%.2f s", seconds) : String(format: "%.2f ms", seconds * 1000)
  }

  private func format(_ duration: Duration) -> String { Self.format(duration) }
}
