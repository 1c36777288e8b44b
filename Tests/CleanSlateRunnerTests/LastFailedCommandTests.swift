import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate test --last-failed`, run as a user would, from the package's directory, on
/// `Tests/RunnerFixture`: after a session where tests failed it runs exactly those, from the last
/// session kept in the build folder or, with none there, from the store of runs; with no last
/// session, none failed, or a file it cannot read, it says so and runs every selected test.
///
/// Each test has a build folder of its own (a copy of the fixture's, given with `--scratch-path`
/// after `--`), so that the sessions of tests running beside it keep theirs elsewhere.
@Suite struct LastFailedCommandTests {
  /// A directory for one test's files, with a copy of the fixture's build folder in `build`.
  private func withBuildFolder<R>(_ body: (URL, String) async throws -> R) async throws -> R {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    return try await ScratchDirectory.with("cleanslate-last-failed") { directory in
      let build = directory.appendingPathComponent("build")
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: fixture).appendingPathComponent(".build"), to: build)
      try? FileManager.default.removeItem(at: build.appendingPathComponent("cleanslate"))
      return try await body(directory, fixture)
    }
  }

  /// Runs `cleanslate test --skip-build` from the fixture's directory with the build folder of
  /// `directory`, asking the fixture for `asks`; the tests the summary JSON says ran, and what it
  /// printed on both streams (its notes go to standard error).
  private func cleanslateTest(
    _ arguments: [String], in directory: URL, fixture: String, asks: String = "",
    build: String = "build"
  ) async throws -> (outcome: HelperExecutable.Outcome, ran: [String], said: String) {
    var environment = StartingEnvironment.variables
    environment["RUNNER_FIXTURE"] = asks
    let json = directory.appendingPathComponent("summary-\(UUID().uuidString.prefix(8)).json")
    let outcome = try await HelperExecutable(named: "cleanslate").run(
      ["test", "--skip-build", "--summary-json", json.path] + arguments + [
        "--", "--scratch-path", directory.appendingPathComponent(build).path,
      ], environment: environment, in: fixture)
    let summary =
      (try? JSONSerialization.jsonObject(with: Data(contentsOf: json))) as? [String: Any]
    let tests = summary?["tests"] as? [[String: Any]] ?? []
    return (
      outcome, tests.compactMap { $0["name"] as? String },
      outcome.standardOutput + outcome.standardError
    )
  }

  private static let failing = [
    "RunnerFixtureTests.AlphaTests/testFails", "RunnerFixtureTests.BetaSuite/fails()",
  ]
  private static let someTests = "AlphaTests/(testFails|testOne|testFlaky)|BetaSuite"

  @Test func afterASessionWhereTestsFailedItRunsExactlyThose() async throws {
    try await withBuildFolder { directory, fixture in
      // Given a session where the failing tests of both frameworks failed and the others passed
      let first = try await cleanslateTest(
        ["--filter", Self.someTests], in: directory, fixture: fixture, asks: "fail")
      #expect(first.outcome.status == 1)

      // When the last failures run again, the tests fixed meanwhile
      let again = try await cleanslateTest(["--last-failed"], in: directory, fixture: fixture)

      // Then exactly those ran, it said which and from where, and they passed
      #expect(again.ran == Self.failing, "\(again.said)")
      #expect(again.outcome.status == 0, "\(again.outcome.standardError)")
      #expect(
        again.said.contains(
          "--last-failed: running the 2 tests that failed in the last session"))
      #expect(again.said.contains("cleanslate/last-session.json"))

      // When it runs again: none failed in that last session
      let third = try await cleanslateTest(
        ["--last-failed", "--filter", "AlphaTests/testOne"], in: directory, fixture: fixture)

      // Then it says so and runs every selected test
      #expect(third.ran == ["RunnerFixtureTests.AlphaTests/testOne"])
      #expect(
        third.said.contains(
          "--last-failed: no test failed in the last session (2 tests,"),
        "\(third.said)")
    }
  }

  @Test func aFilterThatSelectsNoneOfTheLastFailuresRunsNothingAndKeepsThem() async throws {
    try await withBuildFolder { directory, fixture in
      // Given a session where two tests failed
      _ = try await cleanslateTest(
        ["--filter", Self.someTests], in: directory, fixture: fixture, asks: "fail")

      // When --last-failed runs with a filter that selects neither
      let none = try await cleanslateTest(
        ["--last-failed", "--filter", "AlphaTests/testOne"], in: directory, fixture: fixture)

      // Then nothing ran, it said why, and the last failures are still the last session's
      #expect(none.ran.isEmpty)
      #expect(none.outcome.status == 0, "\(none.outcome.standardError)")
      #expect(
        none.said.contains(
          "is one --filter selects: nothing to run."), "\(none.said)")
      let again = try await cleanslateTest(["--last-failed"], in: directory, fixture: fixture)
      #expect(again.ran == Self.failing)
    }
  }

  @Test func withNoLastSessionOrAnUnreadableOneItSaysSoAndRunsEverySelectedTest() async throws {
    try await withBuildFolder { directory, fixture in
      // Given a build folder that no session has kept a last session in
      // When --last-failed runs
      let fresh = try await cleanslateTest(
        ["--last-failed", "--filter", "AlphaTests/(testOne|testTwo)"], in: directory,
        fixture: fixture)

      // Then it says there is none and runs both selected tests
      #expect(
        fresh.ran == [
          "RunnerFixtureTests.AlphaTests/testOne", "RunnerFixtureTests.AlphaTests/testTwo",
        ])
      #expect(
        fresh.said.contains(
          "--last-failed: this package has no last session"), "\(fresh.said)")

      // Given a last session's file that is not one
      let file = directory.appendingPathComponent("build/cleanslate/last-session.json")
      try Data("not json".utf8).write(to: file)

      // When --last-failed runs
      let unreadable = try await cleanslateTest(
        ["--last-failed", "--filter", "AlphaTests/testOne"], in: directory, fixture: fixture)

      // Then it names the file and why, and runs the selection; the session replaced the file
      #expect(unreadable.ran == ["RunnerFixtureTests.AlphaTests/testOne"])
      #expect(unreadable.outcome.status == 0, "\(unreadable.outcome.standardError)")
      #expect(
        unreadable.said.contains(
          "last-session.json: it is not a last session's JSON; it is not used."),
        "\(unreadable.said)")
      #expect(try String(contentsOf: file, encoding: .utf8).contains("\"schemaVersion\":1"))
    }
  }

  @Test func withNoLastSessionKeptHereItReadsTheStoreOfRuns() async throws {
    try await withBuildFolder { directory, fixture in
      // Given a session recorded in a store of runs, from another build folder (another
      // machine's, as CI's is)
      let store = directory.appendingPathComponent("runs.sqlite").path
      let elsewhere = directory.appendingPathComponent("elsewhere")
      try FileManager.default.copyItem(
        at: directory.appendingPathComponent("build"), to: elsewhere)
      let first = try await cleanslateTest(
        ["--filter", Self.someTests, "--history", store], in: directory, fixture: fixture,
        asks: "fail", build: "elsewhere")
      #expect(first.outcome.status == 1)

      // When --last-failed runs with the store, in a build folder with no last session
      let again = try await cleanslateTest(
        ["--last-failed", "--history", store], in: directory, fixture: fixture)

      // Then it ran exactly the tests that failed there, from the store
      #expect(again.ran == Self.failing, "\(again.said)")
      #expect(
        again.said.contains("from the store of runs"),
        "\(again.said)")
    }
  }
}
