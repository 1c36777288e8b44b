import Foundation

/// A count of failed runs among runs, with the interval the true rate lies in, 95 % of the time
/// (Wilson's score interval: right at rates near 0, where most tests are).
package struct FailureRate: Sendable, Equatable, CustomStringConvertible {
  package var failures: Int
  package var runs: Int

  package init(failures: Int, runs: Int) {
    self.failures = failures
    self.runs = runs
  }

  /// The share of runs that failed; 0 for no runs.
  package var value: Double { runs == 0 ? 0 : Double(failures) / Double(runs) }

  /// The 95 % interval of the rate.
  package var interval: ClosedRange<Double> {
    guard runs > 0 else { return 0...1 }
    let z = 1.959_963_985
    let n = Double(runs)
    let p = value
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0, centre - half)...min(1, centre + half)
  }

  /// `3.0 % (1.0–8.5 %)`.
  package var description: String {
    let range = interval
    return
      "\(Self.percent(value)) (\(Self.percent(range.lowerBound, sign: false))–\(Self.percent(range.upperBound)))"
  }

  /// `3.0 %`, with one decimal below 10 %.
  static func percent(_ share: Double, sign: Bool = true) -> String {
    let number = share * 100
    let text =
      number < 10 ? String(format: "%.1f", number) : String(format: "%.0f", number.rounded())
    return sign ? "\(text) %" : text
  }
}
