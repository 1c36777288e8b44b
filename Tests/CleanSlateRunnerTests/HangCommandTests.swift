import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate test --test-timeout`, run as a user would on `Tests/HangFixture` (an XCTest test
/// blocked on a semaphore, a Swift Testing test awaiting a continuation while it holds a fixture,
/// quick tests around them, slow tests under their limits), and CleanSlate's own watch in a plain
/// `swift test`: each hung test ends at its limit, named, with where it was stuck, and the run
/// goes on.
@Suite(.serialized) struct HangCommandTests {
  /// Every test of the fixture but the hung ones.
  static let others = [
    "HangFixtureTests.AwaitingSuite/passesAfter()", "HangFixtureTests.AwaitingSuite/passesBefore()",
    "HangFixtureTests.BlockedTests/testA_PassesBefore",
    "HangFixtureTests.BlockedTests/testC_PassesAfter",
    "HangFixtureTests.OwnLimitTests/testBlocksPastItsOwnLimit",
    "HangFixtureTests.SlowSuite/firstFinishesUnderTheLimit()",
    "HangFixtureTests.SlowSuite/secondFinishesUnderTheLimit()",
    "HangFixtureTests.SlowSuite/takesLongerUnderItsOwnLimit()",
    "HangFixtureTests.SlowXCTests/testFirstFinishesUnderTheLimit",
    "HangFixtureTests.SlowXCTests/testSecondFinishesUnderTheLimit",
  ]

  /// Whether gdb is on `PATH`: without it, the reports say to install it instead of the stacks.
  static var gdbIsInstalled: Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/gdb")
    }
  }

  /// Runs `cleanslate test --skip-build` on the fixture, its behaviour asked for in `asks`.
  private func cleanslateTest(
    _ arguments: [String], asks: String
  ) async throws -> HelperExecutable.Outcome {
    let fixture = try await BuiltPackage.tests(at: "Tests/HangFixture")
    var environment = StartingEnvironment.variables
    environment["HANG_FIXTURE"] = asks
    environment["CLEANSLATE_TEST_TIMEOUT"] = nil
    return try await HelperExecutable(named: "cleanslate").run(
      ["test", "--skip-build", "--package-path", fixture] + arguments, environment: environment)
  }

  /// A directory for one test's files, removed after `body`.
  private func withDirectory<R>(_ body: (URL) async throws -> R) async throws -> R {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-hang-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
  }

  /// The lines of `text` from the one that starts with `first` up to the next `Timed out:` or
  /// `$ ` line.
  private func paragraph(startingWith first: String, in text: String) -> [String] {
    let lines = text.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(first) }) else { return [] }
    let rest = lines[(start + 1)...]
    let end =
      rest.firstIndex { $0.hasPrefix("Timed out: ") || $0.hasPrefix("$ ") } ?? lines.endIndex
    return Array(lines[start..<end])
  }

  @Test func hungTestsTimeOutWithWhereTheyWereStuckAndEveryOtherTestRunsOnce() async throws {
    try await withDirectory { directory in
      let json = directory.appendingPathComponent("summary.json").path
      let junit = directory.appendingPathComponent("junit.xml").path

      // When every test runs with a limit of 5 seconds, two of them hung
      let outcome = try await cleanslateTest(
        ["--test-timeout", "5", "--summary-json", json, "--junit", junit], asks: "hang")

      // Then the run ends and fails, both hung tests timed out and every other test passed once
      // (how long the run takes is a benchmark's figure, not this test's: BENCHMARKS.md)
      #expect(outcome.status != 0)
      let summary = try String(contentsOfFile: json, encoding: .utf8)
      for test in [
        "HangFixtureTests.AwaitingSuite/awaitsAReplyNobodySends()",
        "HangFixtureTests.BlockedTests/testB_WaitsForASignalNobodySends",
      ] {
        #expect(
          summary.contains(#"{"name":"\#(test)","outcome":"timedOut","runs":1,"failures":1,"#),
          "\(summary)")
      }
      for test in Self.others {
        #expect(
          summary.contains(#"{"name":"\#(test)","outcome":"passed","runs":1,"failures":0,"#),
          "\(summary)")
      }
      // (each ran once: the tests that passed in a process ended at a limit do not run again)
      for passed in [
        "Test Case 'BlockedTests.testA_PassesBefore' passed", "✔ Test passesBefore() passed",
        "✔ Test passesAfter() passed", "✔ Test firstFinishesUnderTheLimit() passed",
        "Test Case 'BlockedTests.testC_PassesAfter' passed",
      ] {
        #expect(
          outcome.standardOutput.components(separatedBy: passed).count == 2,
          "\(passed): \(outcome.standardOutput)")
      }
      #expect(
        outcome.standardOutput.hasSuffix(
          """
          Timed out: HangFixtureTests.BlockedTests/testB_WaitsForASignalNobodySends: timed out after 5 seconds; where it was stuck is above.
          Timed out: HangFixtureTests.AwaitingSuite/awaitsAReplyNobodySends(): timed out after 5 seconds; where it was stuck is above.
          10 passed, 0 failed, 0 flaky, 0 skipped, 2 timed out

          """), "\(outcome.standardOutput)")

      // And the blocked test's report shows its stack down to the function it blocked in
      let blocked = paragraph(
        startingWith:
          "Timed out: HangFixtureTests.BlockedTests/testB_WaitsForASignalNobodySends ran for ",
        in: outcome.standardOutput)
      #expect(
        blocked.first?.hasSuffix(", past its limit of 5 s; its test process was ended.") == true)
      if Self.gdbIsInstalled {
        #expect(
          blocked.contains {
            $0.contains("BlockedTests.waitForTheSignal() at /")
              && $0.hasSuffix("HangFixtureTests/BlockedTests.swift:23")
          }, "\(blocked.joined(separator: "\n"))")
        #expect(
          blocked.contains { $0.contains("BlockedTests.testB_WaitsForASignalNobodySends() at /") })
      } else {
        #expect(blocked.contains { $0.contains("install gdb (apt-get install gdb") })
      }

      // And the awaiting test's report names the fixture it held and the work it left running
      let awaiting = paragraph(
        startingWith:
          "Timed out: HangFixtureTests.AwaitingSuite/awaitsAReplyNobodySends() ran for ",
        in: outcome.standardOutput)
      #expect(awaiting.contains("  What CleanSlate knew of it:"), "\(awaiting)")
      #expect(awaiting.contains("      declared at: HangFixtureTests/AwaitingSuite.swift:15"))
      #expect(awaiting.contains("      now in: the test body"))
      #expect(
        awaiting.contains(
          "        'mailbox' (test): set up; declared at HangFixtureTests/AwaitingSuite.swift:7"))
      #expect(
        awaiting.contains(
          "        'fetch the reply' (started at HangFixtureTests/AwaitingSuite.swift:19)"))

      // And JUnit has a timeout failure that says after how long
      let xml = try String(contentsOfFile: junit, encoding: .utf8)
      #expect(
        xml.components(
          separatedBy: #"<failure message="timed out after 5 seconds" type="timeout">"#
        ).count == 3)
    }
  }

  @Test func theProcessesAHungTestStartedEndWithIt() async throws {
    // Given a hung test that started a shell that sleeps for ten minutes, named by a marker
    let marker = "hang-fixture-\(UUID().uuidString.prefix(8))"
    let fixture = try await BuiltPackage.tests(at: "Tests/HangFixture")
    var environment = StartingEnvironment.variables
    environment["HANG_FIXTURE"] = "child,hang"
    environment["HANG_FIXTURE_MARKER"] = marker
    environment["CLEANSLATE_TEST_TIMEOUT"] = nil

    // When it runs with a limit of 5 seconds
    let outcome = try await HelperExecutable(named: "cleanslate").run(
      [
        "test", "--skip-build", "--package-path", fixture, "--filter",
        "BlockedTests/testB_WaitsForASignalNobodySends", "--test-timeout", "5",
      ], environment: environment)

    // Then it timed out, and no process it started is left
    #expect(outcome.status != 0)
    #expect(outcome.standardOutput.contains("0 passed, 0 failed, 0 flaky, 0 skipped, 1 timed out"))
    let left = RunningProcesses.naming(marker)
    #expect(left.isEmpty, "left running: \(left)")
    // And where the shell was is in the report, beside the test process's threads
    if Self.gdbIsInstalled {
      #expect(
        outcome.standardOutput.contains("  Where each thread of a process it started (pid "),
        "\(outcome.standardOutput)")
    }
  }

  @Test func aTestThatFinishesUnderItsLimitIsNotEndedWhateverTheBatchTakes() async throws {
    // When slow tests run one after the other, each 4 seconds under a limit of 7 (3 seconds to
    // spare on a busy machine), and one 8 seconds, past the run's limit, under its own of 30
    let outcome = try await cleanslateTest(
      ["--test-timeout", "7", "--filter", "Slow"], asks: "slow")

    // Then every one passes
    #expect(outcome.status == 0, "\(outcome.standardOutput)")
    #expect(
      outcome.standardOutput.split(separator: "\n").last
        == "5 passed, 0 failed, 0 flaky, 0 skipped",
      "\(outcome.standardOutput)")
  }

  @Test func aTestStillRunningPastSlowAfterIsNamedBeforeItsEndAndAQuickOneNever() async throws {
    // When a 4-second test of each framework runs beside quick ones, with --slow-after 2 and no
    // time limit
    let outcome = try await cleanslateTest(
      ["--slow-after", "2", "--filter", "irstFinishes", "--filter", "AwaitingSuite/passes"],
      asks: "slow")
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)

    // Then each slow test is named as slow while it runs, before its end line, and passes
    #expect(outcome.status == 0, "\(outcome.standardOutput)")
    for test in [
      "HangFixtureTests.SlowXCTests/testFirstFinishesUnderTheLimit",
      "HangFixtureTests.SlowSuite/firstFinishesUnderTheLimit()",
    ] {
      let slow = lines.firstIndex(of: "SLOW \(test) has run 2 s")
      let end = lines.firstIndex { $0.hasPrefix("PASS \(test) (") }
      #expect(slow != nil && end != nil, "\(outcome.standardOutput)")
      if let slow, let end { #expect(slow < end, "\(outcome.standardOutput)") }
    }
    // And a quick test never is, though its end is printed as it happens
    for test in [
      "HangFixtureTests.AwaitingSuite/passesBefore()",
      "HangFixtureTests.AwaitingSuite/passesAfter()",
    ] {
      #expect(lines.contains { $0.hasPrefix("PASS \(test) (") }, "\(outcome.standardOutput)")
      #expect(!lines.contains { $0.hasPrefix("SLOW \(test)") }, "\(outcome.standardOutput)")
    }
    #expect(lines.last == "4 passed, 0 failed, 0 flaky, 0 skipped", "\(outcome.standardOutput)")
  }

  @Test func slowAfterZeroNamesNoTestSlowAndABadValueIsAUsageError() async throws {
    // When the slow tests run with --slow-after 0
    let off = try await cleanslateTest(
      ["--slow-after", "0", "--filter", "SlowXCTests/testFirst"], asks: "slow")

    // Then no test is named slow
    #expect(off.status == 0, "\(off.standardOutput)")
    #expect(!off.standardOutput.contains("SLOW "), "\(off.standardOutput)")

    // And a negative or non-numeric period is a usage error, with nothing run
    for bad in ["-1", "soon"] {
      let outcome = try await cleanslateTest(["--slow-after", bad], asks: "")
      #expect(outcome.status == 64, "\(bad): \(outcome.standardError)")
      #expect(outcome.standardError.contains("--slow-after"), "\(outcome.standardError)")
      #expect(!outcome.standardOutput.contains("PASS "), "\(outcome.standardOutput)")
    }
  }

  @Test func aTestsOwnLimitReplacesTheRunsAndATimedOutTestIsRetried() async throws {
    // When a FixtureTestCase test with a limit of its own, 2 seconds, blocks under a run's limit
    // of 60, with a retry
    let outcome = try await cleanslateTest(
      ["--test-timeout", "60", "--filter", "OwnLimitTests", "--retries", "1"], asks: "ownLimit")

    // Then it timed out at its own limit (2 seconds, not the run's 60) in both attempts, with
    // what CleanSlate knew of it
    #expect(outcome.status != 0)
    #expect(
      outcome.standardOutput.contains(
        "Retried HangFixtureTests.OwnLimitTests/testBlocksPastItsOwnLimit alone (attempt 2): timedOut"
      ), "\(outcome.standardOutput)")
    #expect(
      outcome.standardOutput.split(separator: "\n").suffix(2) == [
        "Timed out: HangFixtureTests.OwnLimitTests/testBlocksPastItsOwnLimit (2 of 2 runs failed): timed out after 2 seconds; where it was stuck is above.",
        "0 passed, 0 failed, 0 flaky, 0 skipped, 1 timed out",
      ], "\(outcome.standardOutput)")
    #expect(
      outcome.standardOutput.contains(
        "        'mailbox' (test): set up; declared at HangFixtureTests/AwaitingSuite.swift:7"))
  }

  @Test func withoutTheRunnerCleanSlateEndsAHungTestsProcessWithItsReport() async throws {
    // When the awaiting test runs under plain swift test with CLEANSLATE_TEST_TIMEOUT=2
    let fixture = try await BuiltPackage.tests(at: "Tests/HangFixture")
    var environment = StartingEnvironment.variables
    environment["HANG_FIXTURE"] = "hang"
    environment["CLEANSLATE_TEST_TIMEOUT"] = "2"
    let outcome = try await HelperExecutable(url: URL(fileURLWithPath: "/usr/bin/env")).run(
      [
        "swift", "test", "--skip-build", "--package-path", fixture, "--filter",
        "awaitsAReplyNobodySends",
      ], environment: environment)

    // Then its process ends with a failure, and says which test passed its limit, and why
    // (swift test passes what the test process prints on either stream)
    #expect(outcome.status != 0)
    let printed = outcome.standardOutput + "\n" + outcome.standardError
    let report = paragraph(
      startingWith: "\(fixture)/Tests/HangFixtureTests/AwaitingSuite.swift:15: error: ",
      in: printed)
    #expect(
      report.first
        == "\(fixture)/Tests/HangFixtureTests/AwaitingSuite.swift:15: error: Test 'HangFixtureTests.AwaitingSuite/awaitsAReplyNobodySends()' passed its time limit of 2 s and did not end: CleanSlate ends its test process, so that the run does not hang.",
      "\(printed)")
    // (how long it ran, 2.0 s, is later on a busy machine)
    #expect(
      report.dropFirst().first?.hasPrefix(
        "Test 'HangFixtureTests.AwaitingSuite/awaitsAReplyNobodySends()' has run for 2.") == true)
    #expect(
      Array(report.dropFirst(2).prefix(8)) == [
        "  declared at: HangFixtureTests/AwaitingSuite.swift:15",
        "  now in: the test body",
        "  fixtures of the test, in the order their setup began:",
        "    'mailbox' (test): set up; declared at HangFixtureTests/AwaitingSuite.swift:7",
        "    'workTracker' (test): set up; declared at CleanSlate/WorkTracker+Fixture.swift:15",
        "  work its WorkTracker still counts:",
        "    'fetch the reply' (started at HangFixtureTests/AwaitingSuite.swift:19)",
        "  To see where each thread is stuck, run the test under cleanslate test --test-timeout 2, which takes their stacks before it ends the process. To give it more time: .testTimeout(_:) on the test (Swift Testing), testTimeout in its FixtureTestCase, CleanSlateDefaults.testTimeout in code, or CLEANSLATE_TEST_TIMEOUT=<seconds> for the whole run.",
      ], "\(printed)")
  }

  @Test func withoutTheRunnerAFixtureTestCasePastItsOwnLimitEndsItsProcessWithItsReport()
    async throws
  {
    // When an XCTest test whose own limit is 2 seconds blocks, under plain swift test
    let fixture = try await BuiltPackage.tests(at: "Tests/HangFixture")
    var environment = StartingEnvironment.variables
    environment["HANG_FIXTURE"] = "ownLimit"
    environment["CLEANSLATE_TEST_TIMEOUT"] = nil
    let outcome = try await HelperExecutable(url: URL(fileURLWithPath: "/usr/bin/env")).run(
      ["swift", "test", "--skip-build", "--package-path", fixture, "--filter", "OwnLimitTests"],
      environment: environment)

    // Then its process ends with a failure, and says which test passed its limit, and what it held
    #expect(outcome.status != 0)
    let printed = outcome.standardOutput + "\n" + outcome.standardError
    let report = paragraph(startingWith: "error: Test ", in: printed)
    #expect(
      report.first
        == "error: Test 'HangFixtureTests.OwnLimitTests/testBlocksPastItsOwnLimit' passed its time limit of 2 s and did not end: CleanSlate ends its test process, so that the run does not hang.",
      "\(printed)")
    #expect(
      report.dropFirst().first?.hasPrefix(
        "Test 'HangFixtureTests.OwnLimitTests/testBlocksPastItsOwnLimit' has run for 2.") == true)
    #expect(
      Array(report.dropFirst(2).prefix(4)) == [
        "  now in: the test body",
        "  fixtures of the test, in the order their setup began:",
        "    'mailbox' (test): set up; declared at HangFixtureTests/AwaitingSuite.swift:7",
        "  To see where each thread is stuck, run the test under cleanslate test --test-timeout 2, which takes their stacks before it ends the process. To give it more time: .testTimeout(_:) on the test (Swift Testing), testTimeout in its FixtureTestCase, CleanSlateDefaults.testTimeout in code, or CLEANSLATE_TEST_TIMEOUT=<seconds> for the whole run.",
      ], "\(printed)")
  }

  @Test(arguments: [
    (
      ["--test-timeout", "0"],
      "--test-timeout '0' is not greater than 0: give a number of seconds greater than 0, as 60 or 2.5."
    ),
    (
      ["--test-timeout", "-1"],
      "--test-timeout '-1' is not greater than 0: give a number of seconds greater than 0, as 60 or 2.5."
    ),
    (
      ["--test-timeout", "abc"],
      "--test-timeout 'abc' is not a number of seconds: give a number of seconds greater than 0, as 60 or 2.5."
    ),
  ])
  func badInputIsAClearError(arguments: [String], message: String) async throws {
    let outcome = try await cleanslateTest(["--list"] + arguments, asks: "")

    #expect(outcome.status != 0)
    #expect(outcome.standardError.contains("Error: \(message)"), "\(outcome.standardError)")
  }
}
