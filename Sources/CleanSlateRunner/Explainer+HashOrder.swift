internal import CleanSlateReport

extension Explainer {
  /// The most runs with `SWIFT_DETERMINISTIC_HASHING=1` the hash-order experiment makes, each
  /// followed by a run alone without it.
  static var hashRuns: Int { 8 }

  /// What the runs alone as the machine runs the test (hashing seeded per process) are called.
  static var machineAlone: Set<String> { ["alone", "alone, CPU quiet"] }

  /// What the runs with deterministic hashing are called.
  static var deterministicAlone: String { "alone, SWIFT_DETERMINISTIC_HASHING=1" }

  /// The hash-order experiment, for a test whose outcome or failure varies from run to run (any
  /// run with deterministic hashing already made counts): runs with
  /// `SWIFT_DETERMINISTIC_HASHING=1`, each followed by one without, until the outcome with it is
  /// constant and differs significantly from the outcome without it; `nil` as soon as it varies
  /// with it too, or once no run left could make the difference significant.
  ///
  /// Deterministic hashing may make the test pass or fail: which way is seen from its runs, so
  /// each way is held to half of ``significance``, and the two together to all of it.
  func hashOrder(_ trial: Trial<Runner>) async throws -> TestCause? {
    var fixed = trial.rate(of: Self.deterministicAlone)
    var seeded = trial.rate { Self.machineAlone.contains($0.what) }
    for round in 1...Self.hashRuns {
      let run = try await trial.run(
        [trial.test], Self.deterministicAlone, condition: .init(deterministicHashing: true))
      fixed = fixed + TestCause.Rate(failures: run.passed ? 0 : 1, runs: 1)
      guard fixed.failures == 0 || fixed.failures == fixed.runs else { return nil }
      let again = try await trial.run([trial.test], "alone")
      seeded = seeded + TestCause.Rate(failures: again.passed ? 0 : 1, runs: 1)
      if Self.hashSignificance(fixed, seeded) <= Self.significance / 2 {
        return hashCause(trial, fixed: fixed, seeded: seeded)
      }
      // The best the rounds left can do: constant with it, the other way without it.
      let left = Self.hashRuns - round
      let fails = fixed.failures > 0
      let best = Self.hashSignificance(
        fixed + TestCause.Rate(failures: fails ? left : 0, runs: left),
        seeded + TestCause.Rate(failures: fails ? 0 : left, runs: left))
      guard best <= Self.significance / 2 else { return nil }
    }
    return nil
  }

  /// The chance that runs alone fall as they did, constant with deterministic hashing, while it
  /// makes no difference: the one-sided Fisher exact test, in the direction the runs with it
  /// went.
  static func hashSignificance(_ fixed: TestCause.Rate, _ seeded: TestCause.Rate) -> Double {
    if fixed.failures == 0 {
      return seeded.failures > 0 ? fisherOneSided(seeded, fixed) : 1
    }
    return seeded.failures < seeded.runs ? fisherOneSided(fixed, seeded) : 1
  }

  /// The cause: the rates with and without deterministic hashing, the advice, and a command that
  /// fails every time (deterministic hashing, when it fails) or runs the test until it fails.
  private func hashCause(
    _ trial: Trial<Runner>, fixed: TestCause.Rate, seeded: TestCause.Rate
  ) -> TestCause {
    let advice =
      "Do not depend on that order: sort before comparing, encode JSON with outputFormatting = .sortedKeys, or compare as sets."
    let summary: String
    let reproduce: String
    if fixed.failures == 0 {
      summary =
        "Its outcome follows the order of a Set's or a Dictionary's elements, which Swift seeds anew in every process: it passes with SWIFT_DETERMINISTIC_HASHING=1 (\(fixed.passes)) and fails without (\(seeded)). \(advice) The command below runs it until it fails."
      reproduce = "while \(trial.aloneCommand); do :; done"
    } else {
      summary =
        "Its outcome follows the order of a Set's or a Dictionary's elements, which Swift seeds anew in every process: it fails with SWIFT_DETERMINISTIC_HASHING=1 (\(fixed)) and passes without in \(seeded.passes). \(advice)"
      reproduce = trial.command(of: Self.deterministicAlone)
    }
    var cause = TestCause(.hashOrder, summary: summary, reproduce: reproduce)
    cause.deterministicHashing = fixed
    cause.randomHashing = seeded
    return cause
  }
}
