import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// Crashes in `cleanslate test`, run as a user would on the runner fixture: an XCTest test that
/// crashes in its first run only, a Swift Testing test that crashes only while another runs
/// beside it, and a crash on a helper's thread that no frame pins. Each is in the summary, the
/// JSON and JUnit, and fails the run.
@Suite(.serialized) struct CrashCommandTests {
  /// Runs `cleanslate test --retries 2` on the fixture's tests that `filter` matches, asking for
  /// `asks`, with a fresh state; returns what it printed, its status, its JSON summary and JUnit.
  private func cleanslateTest(
    filter: String, asks: String, explaining: Bool = false
  ) async throws -> (outcome: HelperExecutable.Outcome, json: String, junit: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-crash-command-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let json = directory.appendingPathComponent("summary.json").path
    let junit = directory.appendingPathComponent("junit.xml").path
    var environment = StartingEnvironment.variables
    environment["RUNNER_FIXTURE"] = asks
    environment["RUNNER_FIXTURE_STATE"] = directory.path
    let outcome = try await HelperExecutable(named: "cleanslate").run(
      [
        "test", "--package-path", fixture, "--skip-build", "--retries", "2", "--filter", filter,
        "--summary-json", json, "--junit", junit,
      ] + (explaining ? ["--explain"] : []), environment: environment)
    return (
      outcome, (try? String(contentsOfFile: json, encoding: .utf8)) ?? "",
      (try? String(contentsOfFile: junit, encoding: .utf8)) ?? ""
    )
  }

  /// The summary's lines: those from the first `Flaky:`, `Failed:` or `Crashed:` line on.
  private func summary(_ output: String) -> [String] {
    let lines = output.split(separator: "\n").map(String.init)
    let first = lines.firstIndex {
      $0.hasPrefix("Flaky: ") || $0.hasPrefix("Failed: ") || $0.hasPrefix("Crashed: ")
    }
    return first.map { Array(lines[$0...]) } ?? Array(lines.suffix(1))
  }

  @Test func anXCTestTestThatCrashesInItsFirstRunOnlyIsFlakyWithItsCrashPinned() async throws {
    // When an XCTest test that crashes in its first run only runs with retries
    let (outcome, json, junit) = try await cleanslateTest(
      filter: "AlphaTests/test(CrashesOnce|One)$", asks: "crash-once")

    // Then it crashed, then passed: flaky, the crash pinned on it by its frame, and the run fails
    #expect(outcome.status != 0)
    #expect(
      summary(outcome.standardOutput) == [
        "Flaky: RunnerFixtureTests.AlphaTests/testCrashesOnce (2 attempts: crashed, passed)",
        "Crashed: RunnerFixtureTests.AlphaTests/testCrashesOnce, signal 4 (SIGILL): Fatal error: crashes in its first run (AlphaTests.swift:24); its frame AlphaTests.testCrashesOnce() (AlphaTests.swift:24:7) pins it.",
        "1 passed, 0 failed, 1 flaky, 0 skipped, 1 test process crashed",
      ], "\(outcome.standardOutput)")
    #expect(
      json.contains(
        #"{"name":"RunnerFixtureTests.AlphaTests/testCrashesOnce","outcome":"flaky","runs":2,"failures":1,"#
      ))
    #expect(
      json.contains(
        #"{"repetition":1,"signal":4,"verdict":"pinned","tests":["RunnerFixtureTests.AlphaTests/testCrashesOnce"],"pinnedBy":"frame","frame":{"symbol":"AlphaTests.testCrashesOnce()","#
      ), "\(json)")
    #expect(
      junit.contains(
        #"<flakyFailure message="crashed: its test process died of signal 4 (SIGILL): Fatal error: crashes in its first run (AlphaTests.swift:24)" type="crash">Fatal error: crashes in its first run (AlphaTests.swift:24)"#
      ), "\(junit)")
  }

  @Test func aSwiftTestingTestThatCrashesBesideAnotherIsPinnedByItsFrameAndFlaky() async throws {
    // When a Swift Testing test that crashes while `partner()` runs beside it runs with it
    let (outcome, _, junit) = try await cleanslateTest(
      filter: #"CrashSuite/(crashesBeside|partner)\(\)"#, asks: "crash-beside")

    // Then the crash is pinned on it, not on its partner, and alone it passed
    #expect(outcome.status != 0)
    #expect(
      summary(outcome.standardOutput) == [
        "Flaky: RunnerFixtureTests.CrashSuite/crashesBeside() (2 attempts: crashed, passed)",
        "Crashed: RunnerFixtureTests.CrashSuite/crashesBeside(), signal 4 (SIGILL): Fatal error: crashes while partner() runs beside it (CrashSuite.swift:12); its frame CrashSuite.crashesBeside() (CrashSuite.swift:12:37) pins it.",
        "1 passed, 0 failed, 1 flaky, 0 skipped, 1 test process crashed",
      ], "\(outcome.standardOutput)")
    #expect(junit.components(separatedBy: #"type="crash""#).count == 2)
  }

  @Test func aCrashNoFrameNamesThatDoesNotComeBackMakesTheRunningTestsFlaky() async throws {
    // When a crash on a helper's thread, in its first run only, ends the process of two tests
    let (outcome, json, _) = try await cleanslateTest(
      filter: #"CrashSuite/(crashesOnAThread|partner)\(\)"#, asks: "crash-thread")

    // Then neither passed plainly: each crashed, then passed, and the crash is in the summary
    #expect(outcome.status != 0)
    #expect(
      summary(outcome.standardOutput) == [
        "Flaky: RunnerFixtureTests.CrashSuite/crashesOnAThread() (2 attempts: crashed, passed)",
        "Flaky: RunnerFixtureTests.CrashSuite/partner() (2 attempts: crashed, passed)",
        "Crashed: signal 4 (SIGILL) while 2 tests ran (RunnerFixtureTests.CrashSuite/crashesOnAThread(), RunnerFixtureTests.CrashSuite/partner()): Fatal error: crashes on a thread of its own (Behaviour.swift:25); no frame named one, and it did not come back when they ran again: a failed attempt of each.",
        "0 passed, 0 failed, 2 flaky, 0 skipped, 1 test process crashed",
      ], "\(outcome.standardOutput)")
    #expect(json.contains(#""verdict":"notReproduced""#))
  }

  @Test func explainedACrashBesideAnotherIsParallelWithItsPartnerAndItsFrame() async throws {
    // When the Swift Testing test that crashes while `partner()` runs beside it, and the XCTest
    // test that crashes in its first run only, run with retries, explained
    let (outcome, json, junit) = try await cleanslateTest(
      filter: #"CrashSuite/(crashesBeside|partner)\(\)|AlphaTests/testCrashesOnce"#,
      asks: "crash-beside,crash-once", explaining: true)

    // Then each crashed, then passed, pinned on its frame, and the run fails
    #expect(outcome.status != 0)
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "Flaky: RunnerFixtureTests.CrashSuite/crashesBeside() (2 attempts: crashed, passed)"),
      "\(outcome.standardOutput)")
    #expect(
      lines.contains(
        "Flaky: RunnerFixtureTests.AlphaTests/testCrashesOnce (2 attempts: crashed, passed)"))
    #expect(
      lines.last
        == "1 passed, 0 failed, 2 flaky, 0 skipped, 2 test processes crashed, 1 not explained")
    // And the experiments crash it again only beside its partner: parallel, the partner named,
    // and the crash quoted from its crashed thread
    let heading = try #require(
      lines.firstIndex { $0.hasPrefix("Why flaky: RunnerFixtureTests.CrashSuite/crashesBeside()") })
    #expect(lines[heading].contains(" — parallel, decided by "))
    #expect(
      lines[heading + 1].hasSuffix(
        " runs), beside RunnerFixtureTests.CrashSuite/partner(). Its test process crashed, signal 4 (SIGILL): Fatal error: crashes while partner() runs beside it (CrashSuite.swift:12); in CrashSuite.crashesBeside() (CrashSuite.swift:12:37)."
      ), "\(lines[heading + 1])")
    // And the crash that did not come back is not blamed on a factor, nor called intrinsic on
    // the strength of that one attempt: the runs alone after it all passed
    #expect(
      outcome.standardOutput.contains(
        "Why flaky: RunnerFixtureTests.AlphaTests/testCrashesOnce — unknown, "))
    // And the JSON and JUnit say the same
    #expect(
      json.contains(
        #"{"name":"RunnerFixtureTests.CrashSuite/crashesBeside()","outcome":"flaky","runs":2,"failures":1,"#
      ), "\(json)")
    #expect(json.contains(#""cause":{"kind":"parallel""#))
    #expect(json.contains(#""beside":["RunnerFixtureTests.CrashSuite/partner()"]"#))
    #expect(junit.components(separatedBy: #"<flakyFailure "#).count == 3)
    #expect(junit.components(separatedBy: #"type="crash""#).count == 3)
    #expect(junit.contains(#"<property name="cleanslate.cause" value="parallel"/>"#))
  }
}
