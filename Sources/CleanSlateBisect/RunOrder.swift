package import CleanSlate
package import CleanSlateTestProcess

/// Which tests ran before the victim: from `swift test list` (the order `swift test` runs them
/// in, one at a time), or from a lifecycle trace of the run where the victim failed.
package enum RunOrder {
  /// The listed tests that run before `victim`, in order; with `trace`, only those the trace
  /// shows starting before it (`swift test` still runs them in its own order).
  package static func earlier(
    than victim: TestName, listed: [TestName], trace: TraceFacts? = nil
  ) throws(BisectError) -> [TestName] {
    guard let index = listed.firstIndex(of: victim) else {
      let similar = listed.filter {
        $0.function == victim.function || $0.listed.contains(victim.listed)
      }
      throw BisectError(
        .unknownVictim,
        "No test named \(victim) in the package (swift test list)."
          + (similar.isEmpty
            ? " Give its full name, as swift test list prints it: Module.Type/test."
            : " Did you mean: \(similar.prefix(5).map(\.listed).joined(separator: ", "))?"))
    }
    let before = Array(listed[..<index])
    return trace?.started(before: victim, among: before) ?? before
  }
}
