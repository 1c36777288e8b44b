import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate test`, run as a user would on a tiny package (`Tests/RunnerFixture`: XCTest and
/// Swift Testing tests, one flaky, one failing and some crashing on demand, one skipped): shards
/// that hold every test once, retries that name flaky tests, repeats, crashes in the reports,
/// and a clear error or a stated fallback for every bad input.
@Suite(.serialized) struct TestCommandTests {

  /// Every test of the fixture, as `swift test list` prints them.
  static let allTests = [
    "RunnerFixtureTests.AlphaTests/testCrashes", "RunnerFixtureTests.AlphaTests/testCrashesOnce",
    "RunnerFixtureTests.AlphaTests/testFails",
    "RunnerFixtureTests.AlphaTests/testFlaky", "RunnerFixtureTests.AlphaTests/testOne",
    "RunnerFixtureTests.AlphaTests/testSkipped", "RunnerFixtureTests.AlphaTests/testTwo",
    "RunnerFixtureTests.BetaSuite/fails()", "RunnerFixtureTests.BetaSuite/flaky()",
    "RunnerFixtureTests.BetaSuite/passes()", "RunnerFixtureTests.BetaSuite/skipped()",
    "RunnerFixtureTests.CrashSuite/crashesBeside()",
    "RunnerFixtureTests.CrashSuite/crashesOnAThread()", "RunnerFixtureTests.CrashSuite/partner()",
  ]

  /// A directory for one test's files, removed after `body`.
  private func withDirectory<R>(_ body: (URL) async throws -> R) async throws -> R {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-test-command-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
  }

  /// Runs `cleanslate test` on the fixture, the fixture's behaviour asked for in `asks` with
  /// its state in `state`.
  private func cleanslateTest(
    _ arguments: [String], asks: String = "", state: URL? = nil
  ) async throws -> HelperExecutable.Outcome {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    var environment = StartingEnvironment.variables
    environment["RUNNER_FIXTURE"] = asks
    environment["RUNNER_FIXTURE_STATE"] = state?.path
    return try await HelperExecutable(named: "cleanslate").run(
      ["test", "--package-path", fixture] + arguments, environment: environment)
  }

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  @Test func theShardsListEveryTestExactlyOnceWithTimingsOrWithout() async throws {
    try await withDirectory { directory in
      // Given the JUnit file of an earlier run
      let junit = directory.appendingPathComponent("junit.xml").path
      let first = try await cleanslateTest(["--skip-build", "--junit", junit])
      #expect(first.status == 0, "\(first.standardError)")

      for timings in [[], ["--timings", junit]] {
        // When each of 3 shards is listed
        var shards: [[String]] = []
        for index in 1...3 {
          let listed = try await cleanslateTest(
            ["--skip-build", "--list", "--shard", "\(index)/3"] + timings)
          #expect(listed.status == 0, "\(listed.standardError)")
          #expect(listed.standardError.isEmpty, "\(listed.standardError)")
          shards.append(lines(listed.standardOutput))
        }

        // Then every test is in exactly one, each printed as swift test list prints it
        #expect(shards.flatMap { $0 }.sorted() == Self.allTests, "\(shards)")
        #expect(shards.allSatisfy { !$0.isEmpty })
      }
    }
  }

  @Test func aFailedTestIsRetriedAloneAndAFlakyOneNamed() async throws {
    try await withDirectory { directory in
      let junit = directory.appendingPathComponent("junit.xml").path
      let json = directory.appendingPathComponent("summary.json").path

      // When every test runs with one retry, a test flaky and one failing in each framework
      let outcome = try await cleanslateTest(
        ["--skip-build", "--retries", "1", "--junit", junit, "--summary-json", json],
        asks: "flaky,fail", state: directory)

      // Then the failing tests fail the run, and the flaky ones are named with their attempts
      #expect(outcome.status != 0)
      let summary = lines(outcome.standardOutput).suffix(5)
      #expect(
        Array(summary) == [
          "Flaky: RunnerFixtureTests.AlphaTests/testFlaky (2 attempts: failed, passed)",
          "Flaky: RunnerFixtureTests.BetaSuite/flaky() (2 attempts: failed, passed)",
          "Failed: RunnerFixtureTests.AlphaTests/testFails (2 of 2 runs): failed - always fails (AlphaTests.swift:15)",
          #"Failed: RunnerFixtureTests.BetaSuite/fails() (2 of 2 runs): Expectation failed: !(Behaviour.asks("fail") → true): always fails"#,
          "8 passed, 2 failed, 2 flaky, 2 skipped",
        ], "\(outcome.standardOutput)")

      // And each retry ran the test alone, by its exact name
      #expect(
        outcome.standardOutput.contains(
          #"--filter '^(RunnerFixtureTests\.BetaSuite/flaky\(\)(/.*)?)$' --disable-xctest"#))

      // And the reports say the same
      let summaryJSON = try String(contentsOfFile: json, encoding: .utf8)
      #expect(
        summaryJSON.contains(
          #"{"name":"RunnerFixtureTests.AlphaTests/testFlaky","outcome":"flaky","runs":2,"failures":1,"#
        ))
      #expect(
        summaryJSON.contains(
          #"{"name":"RunnerFixtureTests.BetaSuite/skipped()","outcome":"skipped","runs":1,"failures":0,"#
        ))
      let xml = try String(contentsOfFile: junit, encoding: .utf8)
      #expect(xml.components(separatedBy: "<flakyFailure ").count == 3)
      #expect(xml.components(separatedBy: "<failure ").count == 3)
      #expect(xml.components(separatedBy: "<rerunFailure ").count == 3)
    }
  }

  @Test func aFlakyTestPassesTheRunUnlessFlakinessFailsIt() async throws {
    for failOnFlaky in [false, true] {
      try await withDirectory { directory in
        let outcome = try await cleanslateTest(
          ["--skip-build", "--filter", "testFlaky", "--retries", "2"]
            + (failOnFlaky ? ["--fail-on-flaky"] : []), asks: "flaky", state: directory)

        #expect((outcome.status == 0) == !failOnFlaky, "\(outcome.standardOutput)")
        #expect(lines(outcome.standardOutput).last == "0 passed, 0 failed, 1 flaky, 0 skipped")
      }
    }
  }

  @Test func aCrashFailsTheTestItWasInWithTheSignalAndTheOthersStillRun() async throws {
    let outcome = try await cleanslateTest(["--skip-build", "--filter", "Alpha"], asks: "crash")

    #expect(outcome.status != 0)
    #expect(
      Array(lines(outcome.standardOutput).suffix(3)) == [
        "Failed: RunnerFixtureTests.AlphaTests/testCrashes: crashed: its test process died of signal 4 (SIGILL): Fatal error: crashes on purpose (AlphaTests.swift:19)",
        "Crashed: RunnerFixtureTests.AlphaTests/testCrashes, signal 4 (SIGILL): Fatal error: crashes on purpose (AlphaTests.swift:19); its frame AlphaTests.testCrashes() (AlphaTests.swift:19:34) pins it.",
        "5 passed, 1 failed, 0 flaky, 1 skipped, 1 test process crashed",
      ], "\(outcome.standardOutput)")
  }

  @Test func repeatsRunTheSelectionAndCountEachTestsFailures() async throws {
    try await withDirectory { directory in
      let trace = directory.appendingPathComponent("trace.jsonl").path

      // When a flaky test and a passing one run 3 times, traced
      let outcome = try await cleanslateTest(
        [
          "--skip-build", "--filter", "AlphaTests/test(Flaky|One)$", "--repeat", "3", "--trace",
          trace,
        ],
        asks: "flaky", state: directory)

      // Then the flaky test failed the first of its 3 repetitions: it failed, which fails the
      // run, and each run was traced
      #expect(outcome.status != 0)
      #expect(
        Array(lines(outcome.standardOutput).suffix(2)) == [
          "Failed: RunnerFixtureTests.AlphaTests/testFlaky (1 of 3 repetitions failed, 2 passed): failed - this attempt fails (AlphaTests.swift:10)",
          "1 passed, 1 failed, 0 flaky, 0 skipped",
        ], "\(outcome.standardOutput)")
      // (one run in the trace, its repetitions included)
      let runID = "CLEANSLATE_RUN_ID=\(ProcessInfo.processInfo.hostName)-"
      #expect(
        outcome.standardOutput.components(separatedBy: "CLEANSLATE_TRACE=\(trace) swift test")
          .count == 4)
      #expect(outcome.standardOutput.components(separatedBy: "$ \(runID)").count == 4)
    }
  }

  @Test func withoutSkipBuildTheTestsAreBuiltFirstAndArgumentsAfterTheTerminatorGoToSwiftTest()
    async throws
  {
    let outcome = try await cleanslateTest(["--filter", "BetaSuite", "--", "--no-parallel"])

    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("Building the tests: swift build --build-tests"))
    #expect(outcome.standardOutput.contains("--disable-xctest --no-parallel\n"))
    #expect(lines(outcome.standardOutput).last == "3 passed, 0 failed, 0 flaky, 1 skipped")
  }

  @Test(arguments: [
    (["--shard", "0/4"], "'0/4' names shard 0 of 4: shards are numbered from 1 to 4."),
    (["--shard", "5/4"], "'5/4' names shard 5 of 4: shards are numbered from 1 to 4."),
    (["--shard", "x"], "'x' is not a shard: write K/N, the shard K of N shards, as 2/4"),
    (["--filter", "NoSuchTest"], "--filter 'NoSuchTest' matches none of the 14 tests"),
    (["--filter", "(unclosed"], "--filter '(unclosed' is not a regular expression"),
    (["--retries=-1"], "--retries must be 0 or more."),
    (["--repeat", "0"], "--repeat must be 1 or more."),
    (
      ["--", "--filter", "Alpha"],
      "--filter after -- would hide tests from cleanslate test: give --filter to cleanslate test (before --)."
    ),
    (
      ["--", "--xunit-output=x.xml"],
      "--xunit-output after -- replaces the file cleanslate test reads: give --junit to cleanslate test (before --)."
    ),
  ])
  func badInputIsAClearError(arguments: [String], message: String) async throws {
    let outcome = try await cleanslateTest(["--skip-build", "--list"] + arguments)

    #expect(outcome.status != 0)
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
  }

  @Test func unusableTimingsAreAWarningAndTheSplitIsByCount() async throws {
    try await withDirectory { directory in
      let empty = directory.appendingPathComponent("empty.xml").path
      let cut = directory.appendingPathComponent("cut.xml").path
      _ = FileManager.default.createFile(atPath: empty, contents: nil)
      try Data(#"<testsuites><testcase classname="A" name="b" time="1">"#.utf8)
        .write(to: URL(fileURLWithPath: cut))

      let outcome = try await cleanslateTest(
        ["--skip-build", "--list", "--shard", "1/2", "--timings", "/no/such.xml", empty, cut])

      #expect(outcome.status == 0)
      #expect(lines(outcome.standardOutput) == Array(Self.allTests.prefix(7)))
      #expect(
        lines(outcome.standardError) == [
          "warning: /no/such.xml: no such file; its timings are left out.",
          "warning: \(empty): the file is empty; its timings are left out.",
          "warning: \(cut): not well-formed XML at line 1: it ends before its elements close (a file cut short?); its timings are left out.",
          "warning: no timings could be used; tests are split by count.",
        ])
    }
  }

  @Test func testsNotBuiltWithSkipBuildIsAClearError() async throws {
    try await withDirectory { directory in
      // Given a package that was never built
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("Tests/UnbuiltTests"),
        withIntermediateDirectories: true)
      try Data(
        """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(name: "Unbuilt", targets: [.testTarget(name: "UnbuiltTests")])
        """.utf8
      ).write(to: directory.appendingPathComponent("Package.swift"))
      try Data("import XCTest\nfinal class T: XCTestCase { func testA() {} }\n".utf8)
        .write(to: directory.appendingPathComponent("Tests/UnbuiltTests/T.swift"))

      // When its tests are run with --skip-build
      let outcome = try await HelperExecutable(named: "cleanslate").run([
        "test", "--skip-build", "--package-path", directory.path,
      ])

      // Then it says to build them first
      #expect(outcome.status != 0)
      #expect(
        outcome.standardError.contains(
          "error: No test build in \(directory.path): --skip-build runs the tests as they were last built. Build them first (swift build --build-tests --package-path \(directory.path)), or leave out --skip-build."
        ), "\(outcome.standardError)")
    }
  }

  @Test func aShardWithNoTestSaysSoAndPasses() async throws {
    let outcome = try await cleanslateTest(["--skip-build", "--shard", "1/16", "--retries", "1"])

    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(
      lines(outcome.standardOutput) == [
        "Shard 1/16 has no tests: there are more shards than tests. Nothing to run.",
        "Shard 1/16: 0 tests of 14, split by count (no timings).",
        "0 passed, 0 failed, 0 flaky, 0 skipped",
      ])
  }
}
