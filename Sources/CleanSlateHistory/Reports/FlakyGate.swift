import Foundation

/// The tests that fail `cleanslate flaky --fail-on`: a CI step's gate over the ranking.
///
/// `broken` fails on broken tests; `flaky` on flaky tests and broken ones too, which are worse
/// (a gate that keeps out flaky tests would not let a broken one through). A quarantined test
/// that is flaky fails neither: the quarantine is there for it; one that is broken fails both.
package struct FlakyGate: Sendable, Equatable {
  /// A kind of test a gate fails on.
  package enum Kind: String, Sendable, CaseIterable, Comparable {
    case broken
    case flaky

    /// The healths that fail a gate of this kind: the kind's, and every worse one.
    var healths: Set<TestHealth> {
      switch self {
      case .broken: [.broken]
      case .flaky: [.broken, .flaky]
      }
    }

    package static func < (lhs: Kind, rhs: Kind) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// A `--fail-on` value that names no kind.
  package struct Invalid: Error, Equatable, CustomStringConvertible {
    /// The word that names no kind.
    package var word: String

    package var description: String {
      "--fail-on '\(word)' is not a kind of test to fail on: give broken or flaky (flaky fails on broken tests too), repeated or as a comma list."
    }
  }

  /// The kinds given, each once, in order.
  package var kinds: [Kind]

  /// The gate `values` name, each `broken` or `flaky`, given as `--fail-on` was: repeated, or as
  /// comma lists (`broken,flaky`).
  ///
  /// - Throws: ``Invalid`` for a word that is neither.
  package init(_ values: [String]) throws(Invalid) {
    var kinds = Set<Kind>()
    for word in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
      let word = word.trimmingCharacters(in: .whitespaces)
      guard let kind = Kind(rawValue: word) else { throw Invalid(word: word) }
      kinds.insert(kind)
    }
    self.kinds = kinds.sorted()
  }

  /// Whether the gate fails on anything: `--fail-on` was given.
  package var isOn: Bool { !kinds.isEmpty }

  /// The tests of `ranked` that fail the gate, in the ranking's order.
  package func failing(_ ranked: [TestHistory]) -> [TestHistory] {
    let healths = kinds.reduce(into: Set<TestHealth>()) { $0.formUnion($1.healths) }
    return ranked.filter { healths.contains($0.health) }
  }

  /// What the gate says of `failing`, a line for the gate and one for each test:
  ///
  /// ```
  /// error: --fail-on flaky: 2 tests are broken or flaky:
  ///   broken  App.Cart/testTotal, since commit c3
  ///   flaky   App.Sync/testPush
  /// ```
  package func message(_ failing: [TestHistory]) -> String {
    let healths = kinds.contains(.flaky) ? "broken or flaky" : "broken"
    let count = failing.count == 1 ? "1 test is" : "\(failing.count) tests are"
    var lines = [
      "error: --fail-on \(kinds.map(\.rawValue).joined(separator: ",")): \(count) \(healths):"
    ]
    for test in failing {
      var line = "  \(test.health.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) "
      line += test.name
      if let since = test.brokenSince {
        line +=
          ", since "
          + (since.commit.map { "commit \(FlakyReport.short($0))" } ?? "a session without a commit")
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
