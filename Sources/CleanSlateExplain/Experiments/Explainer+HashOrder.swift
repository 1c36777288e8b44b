import CleanSlate
import CleanSlateTestProcess

extension Explainer {
  /// The hash-order experiment: alone with `SWIFT_DETERMINISTIC_HASHING=1` (every process hashes
  /// alike, so a `Set`'s and a `Dictionary`'s elements come in the same order in every run),
  /// against alone without it, in pairs, either way: `nil` unless the outcome with it is constant
  /// — always passing, or always failing, whichever way the fixed order falls — and differs
  /// significantly from the outcome without it.
  ///
  /// It stops at the first run with deterministic hashing that goes the other way: then the
  /// hashing does not decide the outcome.
  func hashOrder(
    _ trial: Trial<Runner>, evidence: RunEvidence, alpha: Double, lead: Bool = false,
    random: inout SeededRandomNumberGenerator
  ) async throws -> TestCause? {
    trial.begin(.hashOrder)
    let fixed = RunCondition(deterministicHashing: true)
    let estimate = evidence.meanAttempt ?? 0
    guard fits(.hashOrder, runs: 4, secondsEach: estimate, trial) else { return nil }
    var constant = true
    var outcome: Bool?
    let compared = try await compare(
      trial, alpha: alpha, direction: .either, patience: evidence.patience(lead: lead),
      random: &random
    ) { _, last in
      if let withIt = last?.factorFailed {
        outcome = outcome ?? withIt
        constant = outcome == withIt
      }
      return constant ? Arms(factor: fixed, baseline: .alone) : nil
    }
    guard compared.significant, constant else { return nil }
    let withIt = trial.rate(of: fixed)
    let without = trial.rate { $0.experiment == .hashOrder && $0.condition == .alone }
    let advice =
      "Do not depend on that order: sort before comparing, encode JSON with outputFormatting = .sortedKeys, or compare as sets."
    let summary: String
    let reproduce: String
    let aloneCommand = trial.command(of: .alone).map { "\($0)" } ?? ""
    if withIt.failures == 0 {
      summary =
        "Its outcome follows the order of a Set's or a Dictionary's elements, which Swift seeds anew in every process: it passes with SWIFT_DETERMINISTIC_HASHING=1 (\(withIt.passes)) and fails without (\(without)). \(advice) The command below runs it until it fails."
      reproduce = "while \(aloneCommand); do :; done"
    } else {
      summary =
        "Its outcome follows the order of a Set's or a Dictionary's elements, which Swift seeds anew in every process: it fails with SWIFT_DETERMINISTIC_HASHING=1 (\(withIt)) and passes without in \(without.passes). \(advice)"
      reproduce = trial.command(of: fixed).map { "\($0)" } ?? ""
    }
    var cause = TestCause(.hashOrder, summary: summary, reproduce: reproduce)
    cause.deterministicHashing = withIt
    cause.randomHashing = without
    return cause
  }
}

extension Explainer {
  /// Whether a few runs alone, with deterministic hashing and without in turn, look like hash
  /// order — the outcome with it the same every time, and another without at least once — so
  /// that the hash-order experiment runs next: cheap runs of a quick test, which decide nothing
  /// (the experiment makes runs of its own) and spend none of the error budget.
  func hashOrderLooksLikely(
    _ trial: Trial<Runner>, evidence: RunEvidence, random: inout SeededRandomNumberGenerator
  ) async throws -> Bool {
    guard (evidence.meanAttempt ?? 0) <= 0.25 else { return false }
    trial.begin(.hashOrder)
    let fixed = RunCondition(deterministicHashing: true)
    var withIt: Set<Bool> = []
    var disagreed = false
    let started = trial.elapsedSeconds
    for _ in 0..<8 {
      // A tenth of the budget at most: runs that cost more than the run said are not cheap.
      guard trial.elapsedSeconds - started <= trial.budgetSeconds / 10 else { return false }
      let first = Bool.random(using: &random)
      let one = try await trial.run(first ? fixed : .alone)
      let other = try await trial.run(first ? .alone : fixed)
      let (hashed, seeded) = first ? (one, other) : (other, one)
      withIt.insert(hashed.failed)
      if withIt.count > 1 { return false }
      disagreed = disagreed || hashed.failed != seeded.failed
    }
    return disagreed
  }
}
