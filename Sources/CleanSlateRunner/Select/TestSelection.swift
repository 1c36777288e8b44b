package import CleanSlate

/// The tests `cleanslate test` runs: those `swift test list` printed that a `--filter` matches,
/// then those of one shard.
package struct TestSelection: Sendable {
  /// The tests to run, in the order listed.
  package let tests: [TestName]
  /// The split into shards, when a shard was asked for.
  package let plan: ShardPlan?

  /// Selects from `listed` the tests that match any of `filters` (all when there is none; a
  /// filter matches anywhere in the name, as `swift test --filter` does), then those of `shard`.
  ///
  /// Throws when a filter is not a regular expression or matches no test. A shard may be empty
  /// (more shards than tests).
  package init(
    listed: [TestName], filters: [String] = [], shard: ShardSpec? = nil,
    timings: TestTimings = TestTimings()
  ) throws(RunnerError) {
    var regexes: [Regex<AnyRegexOutput>] = []
    for filter in filters {
      do {
        regexes.append(try Regex(filter))
      } catch {
        throw RunnerError(.badFilter, "--filter '\(filter)' is not a regular expression: \(error)")
      }
    }
    let matching =
      regexes.isEmpty
      ? listed
      : listed.filter { name in regexes.contains { name.listed.firstMatch(of: $0) != nil } }
    guard !matching.isEmpty else {
      let what = filters.map { "'\($0)'" }.joined(separator: ", ")
      throw RunnerError(
        .nothingSelected,
        listed.isEmpty
          ? "The package has no tests: swift test list printed none."
          : "--filter \(what) matches none of the \(listed.count) tests swift test list prints; names look like \(listed[0])."
      )
    }
    guard let shard else {
      tests = matching
      plan = nil
      return
    }
    let plan = ShardPlan(matching, count: shard.count, timings: timings)
    self.tests = plan.tests(of: shard)
    self.plan = plan
  }
}
