import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cleanslate test` killed as a CI step's timeout or Ctrl-C kills it (`SIGTERM`, `SIGINT`), run
/// as a user would on `Tests/HangFixture` with a test that hangs and no time limit: it ends the
/// test processes and every process they started, writes every report with what it saw, names
/// the test that was running, removes its temporary files and exits with 128 + the signal — in
/// XCTest and in Swift Testing.
@Suite(.serialized) struct SignalCommandTests {
  /// One framework's hanging test and the tests around it.
  struct Case: Sendable, CustomTestStringConvertible {
    var framework: String
    var filter: String
    var signal: Int32
    /// The tests that end before the hang, as their end lines say.
    var passed: [String]
    var hung: String
    /// The tests that never run, in the order of the selection.
    var notRun: [String]

    var testDescription: String { "\(framework), \(signal == SIGINT ? "SIGINT" : "SIGTERM")" }
  }

  static let cases = [
    Case(
      framework: "XCTest", filter: "BlockedTests", signal: SIGTERM,
      passed: ["HangFixtureTests.BlockedTests/testA_PassesBefore"],
      hung: "HangFixtureTests.BlockedTests/testB_WaitsForASignalNobodySends",
      notRun: ["HangFixtureTests.BlockedTests/testC_PassesAfter"]),
    Case(
      framework: "Swift Testing", filter: "AwaitingSuite", signal: SIGINT,
      passed: [
        "HangFixtureTests.AwaitingSuite/passesAfter()",
        "HangFixtureTests.AwaitingSuite/passesBefore()",
      ],
      hung: "HangFixtureTests.AwaitingSuite/awaitsAReplyNobodySends()", notRun: []),
  ]

  @Test(arguments: cases)
  func aSignalEndsTheTestsAndEveryReportKeepsWhatRan(_ given: Case) async throws {
    try await ScratchDirectory.with("cleanslate-signal") { directory in
      // Given a selection with a test that hangs, run with no time limit and every report asked
      // for, its temporary files under a folder of its own, a marked child left by the hung test
      let json = directory.appendingPathComponent("summary.json").path
      let junit = directory.appendingPathComponent("junit.xml").path
      let html = directory.appendingPathComponent("report.html").path

      // When the tests before the hang have ended, and the hung test has started, the signal
      // comes
      let (running, marker, temporary) = try await started(
        [
          "--filter", given.filter, "--summary-json", json, "--junit", junit, "--html", html,
        ], asks: "hang,child", in: directory, after: given.passed)
      let signalled = ContinuousClock.now
      await running.send(signal: given.signal)
      let termination = try await running.wait()
      let stopping = ContinuousClock.now - signalled
      let output = running.linesSoFar.joined(separator: "\n")

      // Then it exits as a shell reports a process the signal killed, well within the grace
      #expect(termination == .exited(128 + given.signal), "\(output)")
      #expect(stopping < .seconds(30), "\(stopping)")

      // And it said, as the signal came, what it does with it
      let name = given.signal == SIGINT ? "SIGINT" : "SIGTERM"
      let errors = await running.errorOutput()
      #expect(
        errors.contains(
          "Interrupted by \(name): ending the test processes; every report keeps what ran (a second signal ends cleanslate at once).\n"
        ), "\(errors)")

      // And the summary names the hung test as running, and counts what ended
      let notRun =
        given.notRun.isEmpty
        ? "" : "; \(given.notRun.count) test\(given.notRun.count == 1 ? "" : "s") never ran"
      #expect(
        output.contains(
          "Interrupted: the session was interrupted by \(name) while 1 test was running (\(given.hung))\(notRun); every result before it is kept, and it fails the run."
        ), "\(output)")
      #expect(
        output.contains(
          "\(given.passed.count) passed, 0 failed, 0 flaky, 0 skipped, 1 interrupted\(given.notRun.isEmpty ? "" : ", \(given.notRun.count) not run")"
        ), "\(output)")

      // And the JSON holds every test that ended, and the stop
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
          as? [String: Any])
      let tests = try #require(object["tests"] as? [[String: Any]])
      #expect(Set(tests.compactMap { $0["name"] as? String }) == Set(given.passed))
      #expect(tests.allSatisfy { $0["outcome"] as? String == "passed" })
      let stop = try #require(object["interrupted"] as? [String: Any])
      #expect(stop["signal"] as? String == name)
      #expect(stop["running"] as? [String] == [given.hung])
      #expect(stop["notRun"] as? [String] == given.notRun)

      // And JUnit and the HTML report were written, each saying it
      let xml = try String(contentsOfFile: junit, encoding: .utf8)
      #expect(xml.contains(#"type="interrupted""#), "\(xml)")
      for test in given.passed {
        let function = test.split(separator: "/").last.map(String.init) ?? test
        #expect(xml.contains(#"name="\#(function)""#), "\(xml)")
      }
      let page = try String(contentsOfFile: html, encoding: .utf8)
      #expect(page.contains(#"<section id="stopped-early">"#))

      // And its temporary files are gone, and so is every process the tests started
      try await leftNothing(running, marker: marker, temporary: temporary)
    }
  }

  /// `cleanslate test --skip-build` started on the hang fixture with `arguments`, its behaviour
  /// `asks`, no time limit, its temporary files in `directory/tmp`, and the child the hung test
  /// starts named by the returned marker; returned once the tests `passed` printed their end
  /// lines, and a second more (so that the test after them has started).
  private func started(
    _ arguments: [String], asks: String, in directory: URL, after passed: [String]
  ) async throws -> (running: ChildProcess.Running, marker: String, temporary: URL) {
    let fixture = try await BuiltPackage.tests(at: "Tests/HangFixture")
    let temporary = directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let marker = "signal-\(UUID().uuidString.prefix(8))"
    var environment = StartingEnvironment.variables
    environment["HANG_FIXTURE"] = asks
    environment["HANG_FIXTURE_MARKER"] = marker
    environment["CLEANSLATE_TEST_TIMEOUT"] = nil
    environment["TMPDIR"] = temporary.path
    let running = try await HelperExecutable(named: "cleanslate").start(
      ["test", "--skip-build", "--package-path", fixture] + arguments, environment: environment)
    let expected = passed.map { "PASS \($0)" }
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline, running.ended == nil {
      let lines = running.linesSoFar
      if expected.allSatisfy({ want in lines.contains { $0.hasPrefix(want) } }) { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(running.ended == nil, "\(running.linesSoFar)")
    try await Task.sleep(for: .seconds(1))
    return (running, marker, temporary)
  }

  /// Whether the run `running`, with its temporary files in `temporary`, left none there, and
  /// left no process whose command line holds `marker`.
  private func leftNothing(
    _ running: ChildProcess.Running, marker: String, temporary: URL
  ) async throws {
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(!left.contains("cleanslate-test-\(running.processIdentifier)"), "\(left)")
    try await Task.sleep(for: .milliseconds(500))
    #expect(RunningProcesses.naming(marker).isEmpty)
  }

}

extension SignalCommandTests {
  @Test func aSecondSignalEndsItAtOnceWithItsTestProcessesAndTemporaryFiles() async throws {
    try await ScratchDirectory.with("cleanslate-signal") { directory in
      // Given an XCTest test that hangs in a test process that ignores SIGTERM (only SIGKILL, 3
      // seconds after the first signal, would end it), with a marked child
      let (running, marker, temporary) = try await started(
        ["--filter", "BlockedTests"], asks: "hang,child,ignoreTerm", in: directory,
        after: ["HangFixtureTests.BlockedTests/testA_PassesBefore"])

      // When SIGTERM comes, and again before the test process has ended
      await running.send(signal: SIGTERM)
      try await Task.sleep(for: .milliseconds(300))
      await running.send(signal: SIGTERM)
      let termination = try await running.wait()
      let errors = await running.errorOutput()

      // Then it ends at once with 143, writing no summary: the second signal does not wait
      let output = running.linesSoFar.joined(separator: "\n")
      #expect(termination == .exited(143), "\(output)\n\(errors)")
      #expect(errors.contains("Interrupted again by SIGTERM: ended at once."), "\(errors)")
      #expect(!output.contains("Interrupted: the session"), "\(output)")

      // And its temporary files are gone, and so is every process the tests started
      try await leftNothing(running, marker: marker, temporary: temporary)
    }
  }
}
