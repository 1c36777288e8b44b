import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import CleanSlateTestProcess
import Testing

/// A crash that went through the same code in many tests is one crash: explained once, with the
/// budgets of its tests together, but never more than five, however often the run crashed.
@Suite struct GroupBudgetTests {
  @Test func aGroupGetsTheBudgetsOfItsTestsUpToFive() {
    // Given the default budget of a minute a test
    let options = ExplainOptions()

    // When groups of one to twenty-nine tests are explained
    let budgets = [1, 2, 5, 6, 29].map { options.budgetOfAGroup(of: $0) }

    // Then each gets a minute a test, up to five minutes
    #expect(budgets == [.seconds(60), .seconds(120), .seconds(300), .seconds(300), .seconds(300)])
    #expect(ExplainOptions.mostBudgetsOfAGroup == 5)
  }

  @Test func aRunWhoseWholeSelectionCrashedTwentyNineTimesIsExplainedWithinFiveBudgets()
    async throws
  {
    // Given 29 tests, each pinned by its own frame on a crash of the whole selection through the
    // same code (configure → routes → the registry), each passing its retry; runs of them at once
    // that crash in two of three, a minute each on the simulated clock
    let tests = (0..<29).map { TestName("App.Suite/test\($0)()") }
    let records = tests.map { test in
      TestRecord(
        name: test,
        attempts: [
          .init(
            repetition: 1,
            end: TestEnd(
              .crashed, failure: "crashed",
              crash: SimulatedFlakyTest.crash(running: tests, in: test)),
            beside: tests.filter { $0 != test }),
          .init(repetition: 1, end: TestEnd(.passed), alone: true),
        ])
    }
    let result = SessionResult(records: records)
    var runner = SimulatedFlakyTest(
      reason: .crashGrowing(whole: 2.0 / 3, three: 1.0 / 30, of: tests.count))
    runner.secondsPerRun = .seconds(60)

    // When the run's crashes are explained, the terminal printing what it is told
    let terminal = PrintedTerminal()
    let causes = try await result.explainFailures(
      runner: runner, options: ExplainOptions(), events: terminal.events)

    // Then they are one explanation, its heading saying so and with the budget it gets
    #expect(
      terminal.blocks.first
        == "Explaining 29 tests that failed (a budget of 60 s each; 29 whose crashes went through the same code explained once, with 300 s):\n"
    )
    // and it stopped starting runs at five minutes, not 29
    #expect(causes.count == tests.count)
    let first = try #require(causes[tests[0]])
    #expect(first.seconds <= 300 + 60, "\(first.seconds) s, \(first.runs.count) runs")
    #expect(runner.runs.value.count <= 6, "\(runner.runs.value.count) runs")
  }
}
