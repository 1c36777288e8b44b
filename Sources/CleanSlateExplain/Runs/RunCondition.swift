package import CleanSlate

/// How one run of an experiment runs the explained test: which tests run with it and how, and
/// what else it changes — the seed, the time zone, the load, the hashing. Its description is the
/// run's label in every report: `alone, TZ=Asia/Tokyo`, `after A/testB`, `with 4 tests at once`.
package struct RunCondition: Sendable, Hashable, CustomStringConvertible {
  /// Which tests run, and how.
  package enum Arrangement: Sendable, Hashable {
    /// The test alone.
    case alone
    /// These earlier tests, one at a time in the order given, then the test.
    case after([TestName])
    /// These tests (the explained test among them), one at a time, in the order given.
    case inOrder([TestName])
    /// These tests (the explained test among them) at the same time: in one test process, or
    /// each in a process of its own (XCTest's under `--parallel`).
    case atOnce([TestName], processesOfTheirOwn: Bool)
  }

  /// Which tests run, and how.
  package var arrangement: Arrangement
  /// The run's seed for `.seededRandom` (`CLEANSLATE_SEED`); the machine's when `nil`.
  package var seed: UInt64?
  /// The time zone (`TZ`); the machine's when `nil`.
  package var timeZone: String?
  /// Whether threads of `cleanslate` hold every core busy while the tests run.
  package var busy = false
  /// Whether `Set`s and `Dictionary`s hash the same in every process
  /// (`SWIFT_DETERMINISTIC_HASHING=1`).
  package var deterministicHashing = false
  /// Whether the sentinel watches what each test leaves behind (`CLEANSLATE_SENTINEL=1`).
  package var watchesState = false

  /// The test alone, as the machine runs it, with these changes.
  package init(
    _ arrangement: Arrangement = .alone, seed: UInt64? = nil, timeZone: String? = nil,
    busy: Bool = false, deterministicHashing: Bool = false, watchesState: Bool = false
  ) {
    self.arrangement = arrangement
    self.seed = seed
    self.timeZone = timeZone
    self.busy = busy
    self.deterministicHashing = deterministicHashing
    self.watchesState = watchesState
  }

  /// The test alone.
  package static let alone = RunCondition()

  /// The tests that run, in order, `test` among them (last, after earlier ones).
  package func tests(with test: TestName) -> [TestName] {
    switch arrangement {
    case .alone: [test]
    case .after(let earlier): earlier + [test]
    case .inOrder(let tests), .atOnce(let tests, _): tests
    }
  }

  /// Whether the tests run at the same time.
  package var atOnce: Bool {
    if case .atOnce = arrangement { return true }
    return false
  }

  /// The run's label: what runs with the test, then what it changes.
  package var description: String {
    var parts: [String] = []
    switch arrangement {
    case .alone: parts.append("alone")
    case .after(let earlier): parts.append("after \(Self.naming(earlier, "earlier test"))")
    case .inOrder(let tests): parts.append("with \(Self.naming(tests, "test")) in order")
    case .atOnce(let tests, let processes):
      parts.append(
        "with \(Self.naming(tests, "test")) at once"
          + (processes ? ", each in a process of its own" : ""))
    }
    if let seed { parts.append("CLEANSLATE_SEED=\(seed)") }
    if let timeZone { parts.append("TZ=\(timeZone)") }
    if deterministicHashing { parts.append("SWIFT_DETERMINISTIC_HASHING=1") }
    if busy { parts.append("every core busy") }
    return parts.joined(separator: ", ")
  }

  /// `A/x and B/y` for two tests or fewer, else `the 5 earlier tests`.
  private static func naming(_ tests: [TestName], _ noun: String) -> String {
    tests.count <= 2
      ? Words.list(tests.map(\.listed)) : "the \(Words.count(tests.count, noun))"
  }
}
