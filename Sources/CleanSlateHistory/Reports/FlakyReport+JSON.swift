import CleanSlateTrace
import Foundation

extension FlakyReport {
  /// The version of the JSON report's schema, its `schemaVersion`: raised when a key changes
  /// meaning or goes; a key added leaves it as it is.
  package static let jsonSchemaVersion = 1

  /// The report for tools: an object with its `schemaVersion`, the store, the window and a
  /// `tests` array, worst first, each test with its `name`, `health`, `sessions`, `runs`,
  /// `failures`, `failedSessions`, `flakySessions`, `mixedCommits`, `flipRate`, `failureRate`
  /// (`value`, `low`, `high`), `flakySince`, `brokenSince` (`commit`, `date`), `quarantined` and
  /// `cause` (the cause as the summary JSON writes it, or `null`); with a quarantine file, its
  /// `advice`. The DocC article "Flaky tests over time" documents every key, and a test holds
  /// the two together.
  package func json(all: Bool = true) -> String {
    var json = JSONText()
    json.raw("{\"schemaVersion\":\(Self.jsonSchemaVersion),\"store\":")
    json.string(store)
    json.raw(",\"sessions\":\(sessions.count),\"commits\":\(commits)")
    if let first = sessions.first, let last = sessions.last {
      json.raw(",\"from\":")
      json.string(Self.iso(first.started))
      json.raw(",\"to\":")
      json.string(Self.iso(last.started))
    }
    json.raw(",\"tests\":[")
    var written = 0
    for test in tests where all || test.health != .healthy {
      if written > 0 { json.raw(",") }
      written += 1
      json.raw("{\"name\":")
      json.string(test.name)
      json.raw(",\"health\":")
      json.string(test.health.rawValue)
      json.raw(
        ",\"sessions\":\(test.sessions),\"runs\":\(test.rate.runs),\"failures\":\(test.rate.failures),\"failedSessions\":\(test.failedSessions),\"flakySessions\":\(test.flakySessions),\"mixedCommits\":\(test.mixedCommits),\"flipRate\":\(Self.number(test.flipRate))"
      )
      let interval = test.rate.interval
      json.raw(
        ",\"failureRate\":{\"value\":\(Self.number(test.rate.value)),\"low\":\(Self.number(interval.lowerBound)),\"high\":\(Self.number(interval.upperBound))}"
      )
      json.raw(",\"flakySince\":")
      if let since = test.flakySince { json.string(Self.iso(since)) } else { json.raw("null") }
      json.raw(",\"brokenSince\":")
      if let since = test.brokenSince {
        json.raw("{\"commit\":")
        if let commit = since.commit { json.string(commit) } else { json.raw("null") }
        json.raw(",\"date\":")
        json.string(Self.iso(since.date))
        json.raw("}")
      } else {
        json.raw("null")
      }
      json.raw(",\"quarantined\":\(test.quarantined),\"cause\":")
      json.raw(test.cause?.json ?? "null")
      json.raw("}")
    }
    json.raw("]")
    if let advice {
      json.raw(",\"advice\":{\"quarantine\":[")
      for (index, addition) in advice.additions.enumerated() {
        if index > 0 { json.raw(",") }
        json.raw("{\"test\":")
        json.string(addition.test)
        json.raw(",\"reason\":")
        json.string(addition.reason)
        json.raw(",\"until\":")
        json.string(addition.until.description)
        json.raw("}")
      }
      json.raw("],\"release\":[")
      for (index, removal) in advice.removals.enumerated() {
        if index > 0 { json.raw(",") }
        json.raw("{\"test\":")
        json.string(removal.test)
        json.raw(",\"why\":")
        json.string(removal.why)
        json.raw("}")
      }
      json.raw("],\"expired\":")
      json.strings(advice.expired.map(\.test))
      json.raw("}")
    }
    json.raw("}\n")
    return json.text
  }

  /// A number as JSON writes it, to six decimals at most.
  private static func number(_ value: Double) -> String {
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// `2026-11-20T14:05:00Z`.
  static func iso(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }
}
