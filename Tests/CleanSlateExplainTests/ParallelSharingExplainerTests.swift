import CleanSlate
import CleanSlateExplain
import CleanSlateRunner
import Testing

/// What `--explain`'s parallel experiment says tests share: what the sentinel saw them leave,
/// else the port or path the failure names, else that it is in memory; and, when the tests ran
/// at once each in a process of its own, that they fail across processes.
@Suite struct ParallelSharingExplainerTests {
  @Test func whatTheSentinelSawThePartnerLeaveIsWhatTheyShare() async throws {
    // Given a test that fails beside another, which leaves a file at a fixed path
    let runner = SimulatedFlakyTest(
      reason: .parallel(
        partner: "Suite.Tests/test2",
        state: [
          "Test 'Tests.test2' left 1 file created or removed:\n    + /tmp/shop.lock (created)"
        ],
        failure: "file exists"))

    // When it is explained
    let cause = try await explain(runner)

    // Then the file is what they share, with the advice to give each test a directory
    #expect(cause.kind == .parallel)
    #expect(
      cause.shared
        == "what the sentinel saw them leave: + /tmp/shop.lock (created). Give each test a directory of its own: try await use(.temporaryDirectory)."
    )
    #expect(cause.paragraph(for: "T/t")[2] == "  Shared: \(cause.shared ?? "")")
    // (the runs at once are watched, so that the sentinel can see it)
    let atOnce = runner.runs.value.map(\.condition).filter(\.atOnce)
    #expect(atOnce.allSatisfy { $0.watchesState })
  }

  @Test func aVariableTheTestsBothSetIsWhatTheyShare() async throws {
    // Given two tests of one suite that each set FLAKY_REGION, sleep and read it back: the
    // victim fails in half the runs at once
    let runner = SimulatedFlakyTest(
      reason: .parallel(
        partner: "Suite.Tests/test2", rate: 0.5,
        state: [
          "Test 'Tests.test2' left 1 environment variable changed:\n    + FLAKY_REGION=\"eu\" (added)"
        ],
        failure: "Expectation failed: region == \"us\""))

    // When it is explained
    let cause = try await explain(
      runner, evidence: evidence(together: ["Suite.Tests/test2", SimulatedFlakyTest.victim]))

    // Then the variable is named
    #expect(cause.kind == .parallel)
    #expect(
      cause.shared?.hasPrefix(#"what the sentinel saw them leave: + FLAKY_REGION="eu""#) == true)
  }

  @Test func whenTheSentinelSawNothingThePortTheFailureNamesIsShared() async throws {
    let cause = try await explain(
      SimulatedFlakyTest(
        reason: .parallel(
          partner: "Suite.Tests/test2", state: [],
          failure: "cannot listen on 127.0.0.1:23812: Address already in use")))

    #expect(
      cause.shared
        == "the port 23812 (127.0.0.1:23812), which its failure names. Give each test a port of its own: listen on port 0 and use the port the system chose."
    )
  }

  @Test func whenNothingIsNamedTheSharedThingIsInMemoryOrNotToldWithoutTheSentinel() async throws {
    let watched = try await explain(
      SimulatedFlakyTest(
        reason: .parallel(partner: "Suite.Tests/test2", state: [], failure: "count is 2")))
    let unwatched = try await explain(
      SimulatedFlakyTest(
        reason: .parallel(partner: "Suite.Tests/test2", state: nil, failure: "count is 2")))

    #expect(
      watched.shared
        == "something in memory (a static, a singleton, an object the tests share): the sentinel saw no file, variable or port left changed, and the failure names none. Give each test an instance of its own, or run the suite's tests one at a time (.serialized)."
    )
    #expect(
      unwatched.shared
        == "not told: the sentinel does not watch these tests (not CleanSlate tests), and the failure names no port or path."
    )
  }

  @Test func testsThatRunAtOnceInProcessesOfTheirOwnAreParallelAcrossProcesses() async throws {
    // Given a test that fails beside another when each runs in a test process of its own
    // (XCTest's under swift test --parallel), the sentinel seeing nothing left
    let runner = SimulatedFlakyTest(
      reason: .parallel(partner: "Suite.Tests/test2", state: [], failure: "count is 2"))

    // When it is explained
    let cause = try await explain(runner, evidence: evidence(processes: true))

    // Then it is parallel across processes, and what they share is outside the processes
    #expect(cause.kind == .parallelProcesses)
    #expect(cause.heading.hasPrefix("parallel across processes, decided by "))
    #expect(
      cause.summary.contains(
        "and fails when they run at the same time, each in a test process of its own ("),
      "\(cause.summary)")
    #expect(cause.summary.hasSuffix("beside Suite.Tests/test2."))
    #expect(
      cause.shared?.hasPrefix(
        "something outside the test processes that each test releases before it ends (a port, a file, a database): "
      ) == true)
  }

  @Test(arguments: [
    ("cannot listen on localhost:8080: in use", "the port 8080 (localhost:8080)"),
    ("Port 5432 is taken", "the port 5432"),
    ("could not lock /tmp/shop/cart.lock: busy", "/tmp/shop/cart.lock"),
    ("XCTAssertEqual failed: (\"2\") is not equal to (\"1\") (Tests.swift:8)", nil),
  ])
  func aFailureNamesAPortOrAPath(failure: String, named: String?) {
    #expect(SharedResource.named(in: failure) == named)
  }
}
