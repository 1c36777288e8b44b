import Foundation

extension FlakyReport {
  /// The report for people: a table of the tests that are not healthy, worst first, then for
  /// each broken or flaky test its evidence, its latest cause and the command that reproduces it,
  /// then the quarantine's advice.
  ///
  /// ```
  /// Tests in runs.sqlite, 200 sessions from 2026-10-30 to 2026-11-29 on 40 commits:
  ///
  /// health       sessions  failed  flaky  ±commits  flips  failure rate         test
  /// broken            200      50      0         0     1%  25 % (19–31 %)       App.Cart/testTotal
  /// flaky             200       0      9         3     9%  4.5 % (2.8–7.1 %)    App.Sync/testPush
  /// ```
  package func text(all: Bool = false) -> String {
    var lines = ["Tests in \(store), \(windowDescription):"]
    let shown = tests.filter { all || $0.health != .healthy }
    let healthy = tests.count { $0.health == .healthy }
    if shown.isEmpty {
      lines.append(
        tests.isEmpty ? "No test ran in the window." : "Every test is healthy (\(tests.count)).")
    } else {
      lines.append("")
      lines.append(
        Self.row([
          "health", "sessions", "failed", "flaky", "±commits", "flips", "failure rate", "test",
        ]))
      for test in shown {
        lines.append(
          Self.row([
            test.health.rawValue, "\(test.sessions)", "\(test.failedSessions)",
            "\(test.flakySessions)", "\(test.mixedCommits)",
            "\(Int((test.flipRate * 100).rounded()))%", test.rate.description, test.name,
          ]))
      }
      if !all, healthy > 0 {
        lines.append("… and \(healthy) healthy test\(healthy == 1 ? "" : "s") (--all lists them).")
      }
    }
    for test in shown where test.health != .healthy && test.health != .new {
      lines.append("")
      lines += details(of: test)
    }
    if let advice { lines += adviceLines(advice) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A table row: the counts right-aligned, the rate and name left.
  private static func row(_ cells: [String]) -> String {
    let widths = [11, 8, 6, 5, 8, 5, 20]
    var text = cells[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
    for index in 1...5 {
      text +=
        " " + String(repeating: " ", count: max(0, widths[index] - cells[index].count))
        + cells[index]
    }
    text +=
      "  " + cells[6].padding(toLength: max(widths[6], cells[6].count), withPad: " ", startingAt: 0)
    return text + " " + cells[7]
  }

  /// The paragraph of a test that is not healthy: what its history shows, its cause and command.
  private func details(of test: TestHistory) -> [String] {
    var lines: [String] = []
    switch test.health {
    case .broken:
      let since = test.brokenSince
      let commit = since?.commit.map { "commit \(Self.short($0))" } ?? "a session without a commit"
      lines.append(
        "\(test.name) — broken since \(commit) (\(since.map { Self.time($0.date) } ?? "")): every run since failed. It is not flaky: fix it, or revert the change."
      )
    case .flaky, .quarantined:
      var evidence: [String] = []
      if test.flakySessions > 0 {
        evidence.append(
          "failed, then passed, in \(test.flakySessions) of \(test.sessions) session\(test.sessions == 1 ? "" : "s")"
        )
      }
      if test.mixedCommits > 0 {
        evidence.append(
          "\(test.mixedCommits) commit\(test.mixedCommits == 1 ? "" : "s") saw it both pass and fail"
        )
      }
      let since = test.flakySince.map { " since \(Self.time($0))" } ?? ""
      let quarantined = test.quarantined ? " (quarantined)" : ""
      lines.append(
        "\(test.name)\(quarantined) — flaky\(since): \(evidence.joined(separator: "; ")); it fails \(test.rate) of its runs."
      )
    default:
      break
    }
    if let cause = test.cause {
      let parts = cause.parts
      lines.append(
        "  Cause (\(Self.time(sessions[Int(cause.session)].started))): \(cause.kind)\(parts.summary.map { " — \($0)" } ?? "")"
      )
      if let standing = cause.pooledStanding { lines.append("  Explanation: \(standing).") }
      if let reproduce = parts.reproduce, !reproduce.isEmpty {
        lines.append("  Reproduce: \(reproduce)")
      }
    } else if test.health != .broken {
      lines.append(
        "  Cause: not explained yet (run cleanslate test --explain --history … when it fails).")
    }
    return lines
  }

  private func adviceLines(_ advice: QuarantineAdvice) -> [String] {
    var lines: [String] = []
    let file = quarantineFile ?? "quarantine.txt"
    if !advice.expired.isEmpty {
      lines.append("")
      lines.append("Expired in \(file) (each fails the run until it is renewed or removed):")
      for entry in advice.expired {
        lines.append("  \(entry.test): until \(entry.until) — \(entry.reason)")
      }
    }
    if !advice.additions.isEmpty {
      lines.append("")
      lines.append("To quarantine (flaky, not in \(file)):")
      for addition in advice.additions {
        lines.append(
          "  cleanslate quarantine add \(Self.quoted(addition.test)) --reason \(Self.quoted(addition.reason)) --until \(addition.until) --file \(Self.quoted(file))"
        )
      }
    }
    if !advice.removals.isEmpty {
      lines.append("")
      lines.append("To release from quarantine:")
      for removal in advice.removals {
        lines.append(
          "  cleanslate quarantine remove \(Self.quoted(removal.test)) --file \(Self.quoted(file))   # \(removal.why)"
        )
      }
    }
    return lines
  }

  /// `text` quoted for a shell, when it needs it.
  static func quoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "._/-:=@".contains($0) }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The first 12 characters of a commit.
  static func short(_ commit: String) -> String { String(commit.prefix(12)) }

  /// `2026-11-20 14:05 UTC`.
  static func time(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return formatter.string(from: date)
  }
}
