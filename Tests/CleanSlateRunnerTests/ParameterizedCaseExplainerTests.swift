import CleanSlate
import CleanSlateReport
import CleanSlateRunner
import Testing

/// `--explain` on one argument case of a parameterized test: the cause names the case, the runs
/// after its first failure run that case alone, and the command reproduces that case.
@Suite struct ParameterizedCaseExplainerTests {
  @Test func theCauseNamesTheFailingCaseAndItsCommandRunsIt() async throws {
    // Given a parameterized test whose case `count → 4` fails in one run of three
    let runner = SimulatedFlakyTest(reason: .parameterized(failing: "count → 4"))
    var explainer = Explainer(runner: runner, budget: .seconds(60))
    explainer.machineZone = "UTC"

    // When it is explained
    let cause = try await explainer.explain(
      SimulatedFlakyTest.victim, earlier: [], together: [SimulatedFlakyTest.victim])

    // Then the cause names the case, and every run after the first failure ran it alone
    #expect(cause.testCase == "count → 4")
    #expect(
      cause.paragraph(for: "T/t")[0].hasPrefix("Why flaky: T/t (count → 4) — "))
    #expect(
      cause.reproduce.hasPrefix(
        "CLEANSLATE_TEST_CASE='Suite.Tests/victim (count → 4)' swift test --filter "),
      "\(cause.reproduce)")
    let cases = runner.runs.value.map(\.condition.testCase)
    #expect(cases.first == .some(nil))
    #expect(cases.dropFirst().allSatisfy { $0 == "Suite.Tests/victim (count → 4)" })
  }
}
