import CleanSlate
import CleanSlateBisect
import CleanSlateTestProcess
import Foundation
import Testing

/// The search finds the smallest set of earlier tests that makes the victim fail, in
/// ⌈log₂ n⌉ + 2 runs for one polluter among n tests; it says clearly when there is nothing to
/// find.
@Suite struct BisectionTests {
  /// ⌈log₂(200)⌉ + 2.
  static let budget = Int((log2(200.0)).rounded(.up)) + 2

  @Test(arguments: [0, 1, 57, 98, 99, 150, 197, 198])
  func onePolluterAmong200TestsIsFoundWithinTheBudget(at position: Int) async throws {
    // Given 200 tests, the last one the victim, and one polluter
    let suite = SimulatedSuite(count: 200, polluters: [position])

    // When the bisection runs
    let result = try await Bisection(launcher: suite, victim: suite.victim, earlier: suite.earlier)
      .run()

    // Then it names the polluter, within ⌈log₂ 200⌉ + 2 = 10 runs
    #expect(result.polluters == [suite.tests[position]])
    #expect(result.runs == suite.runs.count)
    #expect(result.runs <= Self.budget, "\(result.runs) runs")
  }

  @Test func everyRunKeepsTheOrderOfTheFullRunAndEndsWithTheVictim() async throws {
    let suite = SimulatedSuite(count: 50, polluters: [20])
    _ = try await Bisection(launcher: suite, victim: suite.victim, earlier: suite.earlier).run()
    for run in suite.runs {
      #expect(run.last == suite.victim)
      #expect(run == suite.tests.filter(run.contains))
    }
  }

  @Test func thePollutersRunWithTheVictimIsTheOneReported() async throws {
    // Given a polluter in the middle
    let suite = SimulatedSuite(count: 30, polluters: [12])

    // When the bisection runs
    let result = try await Bisection(launcher: suite, victim: suite.victim, earlier: suite.earlier)
      .run()

    // Then the run it reports as failing ran the polluter and the victim only
    let number = try #require(
      result.failingRun.command.arguments.last.flatMap { Int($0.dropFirst(4)) })
    #expect(suite.runs[number - 1] == [suite.tests[12], suite.victim])
    #expect(result.failingRun.end(of: suite.victim)?.passed == false)
  }

  @Test func twoTestsThatPolluteOnlyTogetherAreBothFound() async throws {
    // Given a victim that fails only after tests 17 and 140 both ran
    let suite = SimulatedSuite(count: 200, polluters: [17, 140])

    // When the bisection runs
    let result = try await Bisection(launcher: suite, victim: suite.victim, earlier: suite.earlier)
      .run()

    // Then both are named, in run order, and the failing run is theirs
    #expect(result.polluters == [suite.tests[17], suite.tests[140]])
    let number = try #require(
      result.failingRun.command.arguments.last.flatMap { Int($0.dropFirst(4)) })
    #expect(suite.runs[number - 1] == [suite.tests[17], suite.tests[140], suite.victim])
  }

  @Test func aVictimThatFailsAloneIsAClearErrorThatSaysWhyAndHowToRunIt() async throws {
    let suite = SimulatedSuite(count: 10) { _ in true }
    await #expect {
      try await Bisection(launcher: suite, victim: suite.victim, earlier: suite.earlier).run()
    } throws: { error in
      (error as? BisectError)?.reason == .failsAlone
        && "\(error)" == """
          Tests.Suite/test9() fails when it runs alone: Expectation failed: 1 == 2. No other \
          test makes it fail. Run it alone to see why:
            swift test --filter run-1
          """
    }
    #expect(suite.runs.count == 1)
  }

  @Test func aVictimThatPassesAfterEveryTestIsAClearError() async throws {
    let suite = SimulatedSuite(count: 200) { _ in false }
    await #expect {
      try await Bisection(launcher: suite, victim: suite.victim, earlier: suite.earlier).run()
    } throws: { error in
      (error as? BisectError)?.reason == .passesAfterEveryTest
        && "\(error)".contains("passes after all 199 tests that run before it")
    }
    // The run of every earlier test is one of the search's runs
    #expect(suite.runs.contains(suite.tests))
    #expect(suite.runs.count <= Self.budget)
  }

  @Test func aVictimThatRunsFirstIsAClearError() async throws {
    let suite = SimulatedSuite(count: 1, polluters: [])
    await #expect {
      try await Bisection(launcher: suite, victim: suite.victim, earlier: []).run()
    } throws: { error in
      (error as? BisectError)?.reason == .nothingRunsBefore
    }
    #expect(suite.runs.isEmpty)
  }
}
