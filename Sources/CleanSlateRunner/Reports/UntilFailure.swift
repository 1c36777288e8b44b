package import CleanSlate
import CleanSlateTestProcess
import CleanSlateTrace

/// What `--until-failure <n>` found: how many repetitions it could run and how many ran, the
/// first that failed and its failing tests, what it ran with that the repetitions before it did
/// not (the seed, the order, the tests at once), and the command that reproduces it.
package struct UntilFailure: Sendable, Equatable {
  /// The most repetitions it could run (`n`).
  package var limit: Int
  /// How many ran.
  package var ran: Int
  /// The repetition that failed, the last that ran; `nil` when every repetition passed.
  package var failed: Int?
  /// The tests that failed (or timed out) in it, in the order of the selection.
  package var tests: [TestName] = []
  /// How many tests each repetition ran, in the same order every time.
  package var selected: Int
  /// The seeds of the failed tests' test processes in it, when a lifecycle trace named them.
  package var seeds: [String] = []
  /// The seeds of the test processes of the repetitions before it that a trace named.
  package var earlierSeeds: [String] = []
  /// The tests that ran at the same time as the failed ones in it, when a trace said.
  package var atOnce: [TestName] = []
  /// The command that runs the failed tests again until they fail, with their seed.
  package var reproduce: String?

  /// What `result`, a session of `selected` tests with at most `limit` repetitions, found
  /// (its tests under `quarantine`), with `reproduce` making the command that runs the failed
  /// tests again from them and their seed (when exactly one is known).
  package init(
    _ result: SessionResult, limit: Int, selected: Int, quarantined: Set<TestName> = [],
    reproduce: ([TestName], _ seed: String?) -> String
  ) {
    self.limit = limit
    self.ran = result.repetitionsRan
    self.selected = selected
    guard let failed = result.failedRepetition(quarantined: quarantined) else { return }
    self.failed = failed
    tests = result.testsFailing(inRepetition: failed)
    let attempts = result.records.filter { tests.contains($0.name) }.flatMap(\.attempts)
      .filter { $0.repetition == failed }
    seeds = attempts.compactMap(\.seed).firstOfEach()
    earlierSeeds = result.records.flatMap(\.attempts).filter { $0.repetition < failed }
      .compactMap(\.seed).firstOfEach()
    atOnce = attempts.flatMap(\.beside).firstOfEach().filter { !tests.contains($0) }
    self.reproduce = tests.isEmpty ? nil : reproduce(tests, seeds.count == 1 ? seeds[0] : nil)
  }

  /// Its lines in the summary: `Until failure: all 80 repetitions passed.`, or which repetition
  /// failed, what differed in it, and the command that reproduces it:
  ///
  /// ```
  /// Until failure: repetition 5 of at most 80 failed, after 4 that passed: Tests.A/testB.
  ///   What differed from the 4 before it: the seed, not known (…); the order, nothing (…); the tests at once, none named by a trace.
  ///   Reproduce: cleanslate test --package-path . --filter '^(Tests\.A/testB)$' --until-failure 80
  /// ```
  package var lines: [String] {
    guard let failed else {
      return ["Until failure: all \(ran) repetition\(ran == 1 ? "" : "s") passed."]
    }
    let before = failed - 1
    let after = before == 0 ? "the first" : "after \(before) that passed"
    let named = tests.isEmpty ? "" : ": " + tests.map(\.listed).joined(separator: ", ")
    var lines = [
      "Until failure: repetition \(failed) of at most \(limit) failed, \(after)\(named)."
    ]
    let heading =
      before == 0 ? "What it ran with" : "What differed from the \(before) before it"
    lines.append("  \(heading): \(seedWords); \(orderWords); \(atOnceWords).")
    if let reproduce { lines.append("  Reproduce: \(reproduce)") }
    return lines
  }

  /// The seed: `the seed 42 (before it: 7, 9)`, or that no trace named it.
  private var seedWords: String {
    guard !seeds.isEmpty else {
      return
        "the seed, not known (no lifecycle trace named it: tests that use CleanSlate's fixtures write one)"
    }
    let own = "the seed\(seeds.count == 1 ? "" : "s") \(seeds.joined(separator: ", "))"
    guard !earlierSeeds.isEmpty else { return own }
    let shown = earlierSeeds.prefix(5).joined(separator: ", ")
    return own + " (before it: \(shown)\(earlierSeeds.count > 5 ? ", …" : ""))"
  }

  /// The order: every repetition runs the same tests in the same order.
  private var orderWords: String {
    let count = "\(selected) test\(selected == 1 ? "" : "s")"
    return failed == 1
      ? "the order, the \(count) as listed"
      : "the order, none (each repetition launched the same \(count) in the same order)"
  }

  /// The tests at once: those a trace saw running beside the failed ones.
  private var atOnceWords: String {
    guard !atOnce.isEmpty else { return "the tests at once, none named by a trace" }
    return "the tests at once, \(atOnce.map(\.listed).joined(separator: ", "))"
  }

  /// Writes it as a JSON object: `{"limit":80,"ran":5,"failed":5,"tests":["Tests.A/testB"],
  /// "seeds":[],"reproduce":"cleanslate test …"}` (`"failed"` and `"reproduce"` are `null` when
  /// every repetition passed).
  func write(to json: inout JSONText) {
    json.raw("{\"limit\":")
    json.number(limit)
    json.raw(",\"ran\":")
    json.number(ran)
    json.raw(",\"failed\":")
    if let failed { json.number(failed) } else { json.raw("null") }
    json.raw(",\"tests\":")
    json.strings(tests.map(\.listed))
    json.raw(",\"seeds\":")
    json.strings(seeds)
    json.raw(",\"reproduce\":")
    if let reproduce { json.string(reproduce) } else { json.raw("null") }
    json.raw("}")
  }
}
