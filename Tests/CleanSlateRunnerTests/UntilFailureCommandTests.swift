import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate test --until-failure <n>`, run as a user would, from the package's directory, on
/// `Tests/RunnerFixture`, whose flaky tests (one of each framework) fail one run in five when
/// asked: it stops at the first repetition that failed, says so, and prints a command that
/// reproduces it; it exits 0 when all `n` passed, and refuses values that are not a count.
@Suite struct UntilFailureCommandTests {
  private static let rareTests = "AlphaTests/testFlaky|BetaSuite/flaky"

  /// Runs `cleanslate test` from the fixture's directory, its tests failing every fifth run with
  /// their counts in a directory of their own.
  private func untilFailure(
    _ arguments: [String], state: URL
  ) async throws -> (outcome: HelperExecutable.Outcome, fixture: String) {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    var environment = StartingEnvironment.variables
    environment["RUNNER_FIXTURE"] = "every-fifth"
    environment["RUNNER_FIXTURE_STATE"] = state.path
    let outcome = try await HelperExecutable(named: "cleanslate").run(
      ["test", "--skip-build"] + arguments, environment: environment, in: fixture)
    return (outcome, fixture)
  }

  private func withDirectory<R>(_ body: (URL) async throws -> R) async throws -> R {
    try await ScratchDirectory.with("cleanslate-until-failure", body)
  }

  @Test func itStopsAtTheFirstFailingRepetitionAndItsReproduceLineReproduces() async throws {
    try await withDirectory { directory in
      // Given tests that fail one run in five, in XCTest and Swift Testing
      let state = directory.appendingPathComponent("state")
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
      let json = directory.appendingPathComponent("summary.json").path

      // When they run until failure, at most 80 times
      let (run, fixture) = try await untilFailure(
        ["--filter", Self.rareTests, "--until-failure", "80", "--summary-json", json],
        state: state)

      // Then the fifth repetition failed and the sixth never ran: exit 1, the summary and the
      // JSON say which repetition, and the reproduce line names the failed tests
      #expect(run.status == 1, "\(run.standardError)")
      let lines = run.standardOutput.split(separator: "\n").map(String.init)
      #expect(
        lines.contains(
          "Until failure: repetition 5 of at most 80 failed, after 4 that passed: RunnerFixtureTests.AlphaTests/testFlaky, RunnerFixtureTests.BetaSuite/flaky()."
        ), "\(run.standardOutput)")
      #expect(!run.standardOutput.contains("Repetition 6 of 80"))
      let summary = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
          as? [String: Any])
      let found = try #require(summary["untilFailure"] as? [String: Any])
      #expect(found["ran"] as? Int == 5)
      #expect(found["failed"] as? Int == 5)
      #expect(
        found["tests"] as? [String] == [
          "RunnerFixtureTests.AlphaTests/testFlaky", "RunnerFixtureTests.BetaSuite/flaky()",
        ])
      let reproduce = try #require(
        lines.first { $0.hasPrefix("  Reproduce: cleanslate test ") }?
          .dropFirst("  Reproduce: cleanslate test ".count))
      #expect(reproduce.contains("--until-failure 80"))

      // When the reproduce line runs, as printed, from the package's directory (its tests
      // already built), with their counts afresh
      let again = directory.appendingPathComponent("again")
      try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
      let cleanslate = try HelperExecutable(named: "cleanslate").url.path
      var environment = StartingEnvironment.variables
      environment["RUNNER_FIXTURE"] = "every-fifth"
      environment["RUNNER_FIXTURE_STATE"] = again.path
      let reproduced = try await ChildProcess(
        command: ["/bin/sh", "-c", "'\(cleanslate)' test --skip-build \(reproduce)"],
        environment: environment, directory: fixture
      ).run()

      // Then it fails the same way, at the same repetition
      #expect(reproduced.status == 1, "\(reproduced.standardError)")
      #expect(
        reproduced.standardOutput.contains(
          "Until failure: repetition 5 of at most 80 failed, after 4 that passed"),
        "\(reproduced.standardOutput)")
    }
  }

  @Test func itExitsZeroWhenEveryRepetitionPassed() async throws {
    try await withDirectory { directory in
      // Given tests that fail one run in five
      // When they run until failure at most 4 times
      let (run, _) = try await untilFailure(
        ["--filter", Self.rareTests, "--until-failure", "4"], state: directory)

      // Then all 4 passed, and it says so
      #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
      #expect(run.standardOutput.contains("Until failure: all 4 repetitions passed."))
      #expect(run.standardOutput.contains("2 passed, 0 failed, 0 flaky, 0 skipped"))
    }
  }

  @Test(arguments: [
    ["--until-failure", "0"], ["--until-failure", "often"],
    [
      "--until-failure", "5", "--repeat", "3",
    ],
  ])
  func aValueThatIsNotACountIsAUsageErrorAndRunsNothing(arguments: [String]) async throws {
    try await withDirectory { directory in
      // Given a value that is not a count of repetitions, or one given beside --repeat
      // When the session starts with it
      let (run, _) = try await untilFailure(arguments, state: directory)

      // Then it is a usage error, and no test ran
      #expect(run.status == 64, "\(run.standardError)")
      #expect(run.standardError.contains("--until-failure") || run.standardError.contains("often"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
  }
}
