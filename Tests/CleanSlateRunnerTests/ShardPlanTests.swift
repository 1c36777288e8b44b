import CleanSlate
import CleanSlateRunner
import Testing

/// The split into shards: balanced longest first by past durations, the median for a test with
/// none, by count without timings; every test in exactly one shard; the same split every time.
@Suite struct ShardPlanTests {
  /// `Tests.Slow/test1`…: tests of one class, with durations in microseconds.
  private func tests(_ count: Int, of type: String = "Slow") -> [TestName] {
    (1...count).map { TestName("Tests.\(type)/test\($0)") }
  }

  @Test func withoutTimingsTheTestsAreSplitByCountInTheOrderListed() {
    let plan = ShardPlan(tests(10), count: 4)

    #expect(plan.basis == .count)
    #expect(plan.shards.map(\.tests.count) == [2, 3, 2, 3])
    #expect(plan.shards[0].tests == ["Tests.Slow/test1", "Tests.Slow/test2"])
    #expect(plan.shards.flatMap(\.tests) == tests(10))
  }

  @Test func theLongestTestsGoFirstEachToTheLeastLoadedShard() {
    // Given tests of 8, 7, 6, 5, 4 and 2 s
    let durations: [String: Int64] = [
      "Tests.A/a": 8_000_000, "Tests.A/b": 7_000_000, "Tests.A/c": 6_000_000,
      "Tests.A/d": 5_000_000, "Tests.A/e": 4_000_000, "Tests.A/f": 2_000_000,
    ]

    // When they are split in 2
    let plan = ShardPlan(
      durations.keys.sorted().map { TestName($0) }, count: 2, timings: TestTimings(durations))

    // Then each goes, longest first, to the shard with less time: 8+5+4 and 7+6+2
    #expect(
      plan.shards.map(\.tests) == [
        ["Tests.A/a", "Tests.A/d", "Tests.A/e"], ["Tests.A/b", "Tests.A/c", "Tests.A/f"],
      ])
    #expect(plan.shards.map(\.load) == [17_000_000, 15_000_000])
    #expect(plan.basis == .timings(known: 6, median: 5_500_000))
  }

  @Test func aTestWithNoKnownDurationCountsAsTheMedian() {
    // Given three timed tests (1, 3 and 10 s) and one new test
    let timings = TestTimings([
      "Tests.A/a": 1_000_000, "Tests.A/b": 3_000_000, "Tests.A/c": 10_000_000,
    ])

    // When they are split in 2
    let plan = ShardPlan(
      ["Tests.A/a", "Tests.A/b", "Tests.A/c", "Tests.A/new"], count: 2, timings: timings)

    // Then the new test weighs 3 s, the median: 10 | 3+3+1
    #expect(plan.basis == .timings(known: 3, median: 3_000_000))
    #expect(plan.shards.map(\.load) == [10_000_000, 7_000_000])
    #expect(plan.shards[1].tests == ["Tests.A/a", "Tests.A/b", "Tests.A/new"])
  }

  @Test func equalDurationsAreOrderedByNameAndTheSplitIsTheSameWhateverTheListOrder() {
    let names = tests(9)
    let timings = TestTimings(
      Dictionary(uniqueKeysWithValues: names.map { ($0.listed, Int64(1_000)) }))

    let plan = ShardPlan(names, count: 3, timings: timings)
    let shuffled = ShardPlan(names.reversed(), count: 3, timings: timings)

    #expect(plan.shards.map { Set($0.tests) } == shuffled.shards.map { Set($0.tests) })
    #expect(plan.shards[0].tests == ["Tests.Slow/test1", "Tests.Slow/test4", "Tests.Slow/test7"])
  }

  @Test func slowTestsOfOneClassAreSpreadOverTheShards() {
    // Given a class of 8 slow tests (2 s each) and 64 fast ones (10 ms) elsewhere
    let slow = tests(8)
    let fast = tests(64, of: "Fast")
    var durations: [String: Int64] = [:]
    for test in slow { durations[test.listed] = 2_000_000 }
    for test in fast { durations[test.listed] = 10_000 }

    // When they are split in 4
    let plan = ShardPlan(slow + fast, count: 4, timings: TestTimings(durations))

    // Then every shard has 2 slow tests and 16 fast ones: balanced within one fast test
    #expect(plan.shards.map { $0.tests.filter(slow.contains).count } == [2, 2, 2, 2])
    #expect(plan.imbalance < 1.01)
    #expect(Set(plan.shards.flatMap(\.tests)) == Set(slow + fast))
    #expect(plan.shards.map(\.tests.count).reduce(0, +) == 72)
  }

  @Test func moreShardsThanTestsLeavesSomeEmpty() {
    let plan = ShardPlan(tests(2), count: 4)

    #expect(plan.shards.map(\.tests.count) == [0, 1, 0, 1])
  }

  @Test func timingsOfNoListedTestSplitByCount() {
    let plan = ShardPlan(tests(4), count: 2, timings: TestTimings(["Other.X/gone": 5]))

    #expect(plan.basis == .count)
  }

  @Test func selectionFiltersThenShards() throws {
    let listed = tests(4) + tests(2, of: "Fast")

    let selection = try TestSelection(
      listed: listed, filters: ["Slow/test[12]$", "Fast"], shard: ShardSpec(index: 1, count: 2))

    #expect(selection.tests == ["Tests.Slow/test1", "Tests.Slow/test2"])
    #expect(selection.plan?.shards[1].tests == ["Tests.Fast/test1", "Tests.Fast/test2"])
  }

  @Test func aFilterThatMatchesNothingOrIsNoRegexIsAClearError() {
    #expect(
      throws: RunnerError(
        .nothingSelected,
        "--filter 'Nope' matches none of the 2 tests swift test list prints; names look like Tests.Slow/test1."
      )
    ) { try TestSelection(listed: tests(2), filters: ["Nope"]) }
    let error = #expect(throws: RunnerError.self) {
      try TestSelection(listed: tests(2), filters: ["(unclosed"])
    }
    #expect(error?.reason == .badFilter)
  }

  @Test func testsTooShortToTimeSpreadEvenly() {
    // Given one timed test and seven that took no measurable time
    var durations: [String: Int64] = ["Tests.Slow/test1": 5_000]
    for test in tests(8).dropFirst() { durations[test.listed] = 0 }

    // When they are split in 4
    let plan = ShardPlan(tests(8), count: 4, timings: TestTimings(durations))

    // Then the zero-length tests go to the shards with the fewest tests, not all to one
    #expect(plan.shards.map(\.tests.count) == [1, 3, 2, 2])
  }
}
