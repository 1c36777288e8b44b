import CleanSlateExplain
import CleanSlateTestSupport

/// A statistical claim about `--explain` — "at most 1% of explanations blame a factor", "at least
/// 90% name it" — checked on simulated explanations, each drawing from a seed of its own, so that
/// a set of them comes out the same in every run.
///
/// With `CLEANSLATE_FULL_SIMULATIONS=1` (CI's step of its own, and the figures in BENCHMARKS.md)
/// every set is full size and its count must keep the claim as it is stated: at most 20 of 2,000
/// explanations at 1%. Without it, as in `swift test`, each set is its first tenth, and its count
/// must be one the claim makes likely: a count that an explainer keeping the claim exactly
/// reaches less than once in 1,000 sets of that size (the binomial distribution's exact tail)
/// fails. That catches an explainer that breaks a claim by far (5% false blame where 1% is
/// claimed), in seconds; the full sets check the claim itself.
struct SimulatedClaim {
  /// The rate the claim bounds.
  let rate: Double
  /// Whether the count may not exceed the rate (false blame), or fall below it (factors found).
  let isUpperBound: Bool

  /// At most `rate` of the explanations.
  static func atMost(_ rate: Double) -> Self { Self(rate: rate, isUpperBound: true) }

  /// At least `rate` of the explanations.
  static func atLeast(_ rate: Double) -> Self { Self(rate: rate, isUpperBound: false) }

  /// Whether the full sets run: `CLEANSLATE_FULL_SIMULATIONS=1`.
  static let isFullSize = StartingEnvironment.variables["CLEANSLATE_FULL_SIMULATIONS"] == "1"

  /// The chance under which a count the claim makes unlikely fails the smaller sets.
  static let level = 0.001

  /// How many explanations a set has: `full`, or its tenth when the full sets do not run.
  static func explanations(_ full: Int) -> Int { isFullSize ? full : max(1, full / 10) }

  /// How many explanations (or sequences of them) a set has: `full`, or `quick` when the full
  /// sets do not run — for sets whose tenth would take minutes of `swift test`.
  static func explanations(_ full: Int, quick: Int) -> Int { isFullSize ? full : quick }

  /// The largest count of `explanations` that keeps an upper bound, or the smallest that keeps a
  /// lower one.
  func bound(of explanations: Int) -> Int {
    let n = explanations
    if Self.isFullSize {
      // (a product such as 0.07 × 300 comes out a hair off the whole number in floating point)
      let exact = rate * Double(n)
      return isUpperBound
        ? Int((exact + 1e-9).rounded(.down)) : Int((exact - 1e-9).rounded(.up))
    }
    if isUpperBound {
      // The largest count that a rate of `rate` reaches at least once in 1,000 sets.
      return (0...n).last { RunEvidence.atLeast($0, of: n, at: rate) >= Self.level } ?? 0
    }
    // The smallest count of `n` that a rate of `rate` falls to at least once in 1,000 sets: the
    // misses' upper tail.
    return (0...n).first { RunEvidence.atLeast(n - $0, of: n, at: 1 - rate) >= Self.level } ?? n
  }

  /// Whether `count` of `explanations` keeps the claim.
  func holds(_ count: Int, of explanations: Int) -> Bool {
    isUpperBound ? count <= bound(of: explanations) : count >= bound(of: explanations)
  }

  /// The claim and its bound for `explanations`, in words: `at most 2 of 200`.
  func description(of explanations: Int) -> String {
    "\(isUpperBound ? "at most" : "at least") \(bound(of: explanations)) of \(explanations)"
  }
}
