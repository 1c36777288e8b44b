/// Numbers as the summaries print them: two decimals, `1.05`; durations in seconds, `12.34 s`.
package enum Hundredths {
  /// `value` with two decimals, `1.05`.
  package static func text(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Microseconds as seconds with two decimals, `12.34 s`.
  package static func seconds(micros: Double) -> String { "\(text(micros / 1_000_000)) s" }
}
