extension Fixture where Value == SeededRandomNumberGenerator {
  /// A random number generator for one test that draws the same numbers in every run with the
  /// same seed: alone, in the full run, and in any order.
  ///
  /// ```swift
  /// var random = try await use(.seededRandom)
  /// let orders = (0..<100).map { _ in Order.random(using: &random) }
  /// ```
  ///
  /// Each test's seed is derived from the run's seed and the test's identity
  /// (``TestIdentity``): its name and, for a parameterized test, its argument case. The run's
  /// seed is `CLEANSLATE_SEED` or, when that is unset, a number chosen at random for the test
  /// process and written in the trace's header. Another seed draws other numbers.
  ///
  /// A test that used the generator and failed notes the seed and the command that replays it,
  /// in its output (a warning in Swift Testing, a `note:` line in XCTest), in the trace and in
  /// the report:
  ///
  /// ```
  /// .seededRandom drew from the run's seed 2718281828 (chosen at random for this run).
  ///   Replay the same draws: CLEANSLATE_SEED=2718281828 swift test --filter '^(Shop\.OrderTests/ships\(\)(/.*)?)$'
  /// ```
  ///
  /// A `CLEANSLATE_SEED` that is not a whole number fails each test that uses the generator,
  /// naming the variable: a typo never draws at random unnoticed.
  public static var seededRandom: Fixture<SeededRandomNumberGenerator> { seededRandomFixture }

  /// A seeded-random fixture drawing from `runSeed` (the tests use ones of their own).
  package static func seededRandom(
    runSeed: Result<RunSeed, InvalidRunSeed>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Fixture<SeededRandomNumberGenerator> {
    Fixture("seededRandom", fileID: fileID, filePath: filePath, line: line, column: column) {
      context in
      let runSeed = try runSeed.mapError { CleanSlateError.invalid($0, in: context) }.get()
      let test = context.testIdentity ?? TestIdentity(name: context.scopeName)
      context.addFailureNote { runSeed.replayNote(for: test) }
      return SeededRandomNumberGenerator(seed: runSeed.seed(for: test))
    }
  }
}

private let seededRandomFixture = Fixture<SeededRandomNumberGenerator>.seededRandom(
  runSeed: RunSeed.current)

extension CleanSlateError {
  /// The failure for a `CLEANSLATE_SEED` that is not a seed, at the line that asked for the
  /// generator.
  fileprivate static func invalid(_ seed: InvalidRunSeed, in context: FixtureContext) -> Self {
    CleanSlateError(
      .invalidSeed,
      summary:
        "CLEANSLATE_SEED is '\(seed.setting)', which is not a seed: .seededRandom takes a whole number from 0 to \(UInt64.max).",
      fixture: context.fixtureName, location: context.request.location,
      advice:
        "Set CLEANSLATE_SEED to the number a failed test printed, to replay its draws, or unset it to draw from a new seed."
    )
  }
}
