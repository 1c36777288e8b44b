import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// What CleanSlate tells of a test that hangs: where it is declared, where its life is (the setup
/// running, the body, a teardown), the fixtures it holds and the work its tracker still counts,
/// each with where it was declared or started.
@Suite struct HangReportTests {
  static let slowSetup = Box<CheckedContinuation<Void, Never>?>(nil)

  static let mailbox = Fixture("mailbox") { _ in "inbox" }
  static let server = Fixture("server", scope: .suite) { _ in
    await withCheckedContinuation { continuation in slowSetup.value = continuation }
    return 8080
  }

  @Test func aHungTestsReportNamesItsFixturesTheSetupRunningAndItsPendingWork() async throws {
    // Given a test that holds a fixture, has tracked work running, and waits for its suite's
    // fixture to be set up
    let process = makeProcessScope()
    let suite = ScopeRuntime(.suite, name: "Mail", parent: process)
    let declared = CodeLocation(fileID: "MailTests/Mail.swift", filePath: "/m/Mail.swift", line: 7)
    let test = ScopeRuntime(.test, name: "Mail/hangs()", parent: suite, location: declared)
    let work = try await test.use(.workTracker, at: CodeLocation())
    _ = try await test.use(Self.mailbox, at: CodeLocation())
    let release = AsyncStream<Void>.makeStream()
    work.start("fetch the reply", line: 40) { for await _ in release.stream {} }
    let waiting = Task { try await test.use(Self.server, at: CodeLocation()) }
    while Self.slowSetup.value == nil { await Task.yield() }

    // When its report is made after 5 seconds
    let report = HangReport.lines(of: test, after: .seconds(5))

    // Then it says all of that
    let setupLine = report.firstIndex { $0.hasPrefix("  now in: ") }.map { report[$0] } ?? ""
    #expect(
      setupLine.hasPrefix("  now in: the setup of fixture 'server' (suite 'Mail'), running for "))
    #expect(
      report.filter { !$0.hasPrefix("  now in: ") && !$0.contains("'server' (suite)") } == [
        "Test 'Mail/hangs()' has run for 5.0 s.",
        "  declared at: MailTests/Mail.swift:7",
        "  fixtures of the test, in the order their setup began:",
        "    'workTracker' (test): set up; declared at CleanSlate/WorkTracker+Fixture.swift:15",
        "    'mailbox' (test): set up; declared at CleanSlateTests/HangReportTests.swift:12",
        "  fixtures of its suite 'Mail', in the order their setup began:",
        "  work its WorkTracker still counts:",
        "    'fetch the reply' (started at CleanSlateTests/HangReportTests.swift:40)",
      ], "\(report)")

    Self.slowSetup.value?.resume()
    _ = try await waiting.value
    release.continuation.finish()
    try await work.waitUntilIdle()
    await test.end()
    await suite.end()
  }

  @Test func theReportNamesTheTeardownRunning() async throws {
    // Given a test whose teardown waits
    let process = makeProcessScope()
    let test = ScopeRuntime(.test, name: "Mail/tearsDown()", parent: process)
    let teardownStarted = AsyncStream<Void>.makeStream()
    let release = AsyncStream<Void>.makeStream()
    test.addTeardown(at: CodeLocation(fileID: "MailTests/Mail.swift", filePath: "/m", line: 21)) {
      teardownStarted.continuation.yield()
      for await _ in release.stream {}
    }

    // When the test ends, and its report is made while the teardown runs
    let ending = Task { await test.end() }
    for await _ in teardownStarted.stream { break }
    let report = HangReport.lines(of: test, after: .seconds(5))

    // Then it names the teardown
    #expect(
      report == [
        "Test 'Mail/tearsDown()' has run for 5.0 s.",
        "  now in: a teardown registered at MailTests/Mail.swift:21",
      ])
    release.continuation.finish()
    await ending.value
  }

  @Test func secondsReadAsAPersonWritesThem() {
    #expect(HangReport.seconds(.seconds(5)) == "5 s")
    #expect(HangReport.seconds(.milliseconds(2500)) == "2.5 s")
    #expect(HangReport.seconds(.seconds(5), decimals: 1) == "5.0 s")
    #expect(HangReport.seconds(.milliseconds(5_123), decimals: 1) == "5.1 s")
  }
}
