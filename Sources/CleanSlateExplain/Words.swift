import CleanSlate

/// How the explanations put lists and counts into words.
enum Words {
  /// `a`, `a and b`, `a, b and c`.
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// `1 test`, `3 tests`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Tests by name: `A/x` , `A/x and B/y`, up to four; more as the first three and how many
  /// more: `A/x, B/y, C/z and 117 more`.
  static func tests(_ tests: [TestName]) -> String {
    guard tests.count > 4 else { return list(tests.map(\.listed)) }
    return tests.prefix(3).map(\.listed).joined(separator: ", ") + " and \(tests.count - 3) more"
  }
}
