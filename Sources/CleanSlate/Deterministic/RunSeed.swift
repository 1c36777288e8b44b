import Foundation

/// The seed of a test run, from which ``Fixture/seededRandom`` derives each test's own:
/// `CLEANSLATE_SEED` when it is set, else a number chosen at random once per test process.
package struct RunSeed: Sendable, Hashable {
  /// Where the seed came from.
  package enum Origin: Sendable, Hashable {
    /// `CLEANSLATE_SEED`.
    case environment
    /// Chosen at random, `CLEANSLATE_SEED` being unset.
    case random
  }

  package var value: UInt64
  package var origin: Origin

  package init(_ value: UInt64, origin: Origin) {
    self.value = value
    self.origin = origin
  }

  /// This process's seed, read from `CLEANSLATE_SEED` (or chosen) on first use.
  package static let current = RunSeed.from(
    setting: ProcessEnvironment.value(of: "CLEANSLATE_SEED"))

  /// The seed a `CLEANSLATE_SEED` setting names: a whole number from 0 to 2⁶⁴−1, spaces
  /// around it ignored. Unset or empty, one is chosen at random, small enough to type.
  package static func from(setting: String?) -> Result<RunSeed, InvalidRunSeed> {
    let trimmed = setting?.trimmingCharacters(in: .whitespaces) ?? ""
    guard !trimmed.isEmpty else {
      return .success(RunSeed(UInt64.random(in: 0...UInt64(UInt32.max)), origin: .random))
    }
    guard let value = UInt64(trimmed) else { return .failure(InvalidRunSeed(setting: setting!)) }
    return .success(RunSeed(value, origin: .environment))
  }

  /// The seed of one test: the run's mixed with the test's identity, so that each test draws
  /// numbers of its own, whichever tests run before it. (FNV-1a, not `Hasher`, whose seed
  /// changes with every process.)
  package func seed(for test: TestIdentity) -> UInt64 {
    var hasher = FNVHasher()
    hasher.combine(test.name)
    if let argumentCase = test.argumentCase { hasher.combine(argumentCase) }
    return SeededRandomNumberGenerator.mix(value ^ hasher.value)
  }

  /// What a failed test that drew from ``Fixture/seededRandom`` prints: the seed and the
  /// command that replays the test with it.
  package func replayNote(for test: TestIdentity) -> String {
    let origin = origin == .environment ? "set by CLEANSLATE_SEED" : "chosen at random for this run"
    let filter = test.filter.replacingOccurrences(of: "'", with: #"'\''"#)
    return """
      .seededRandom drew from the run's seed \(value) (\(origin)).
        Replay the same draws: CLEANSLATE_SEED=\(value) swift test --filter '\(filter)'
      """
  }
}

/// A `CLEANSLATE_SEED` that is not a whole number.
package struct InvalidRunSeed: Error, Hashable {
  /// The variable's value.
  package var setting: String
}
