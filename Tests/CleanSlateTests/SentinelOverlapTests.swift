import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Under parallel tests, per-test attribution of process-wide state is unsound: a test that
/// overlapped another watched scope is not blamed; its suite (or the run's end) reports what it
/// found, naming the scopes that were running. Nothing is reported twice.
@Suite(.needsItsOwnWatches) struct SentinelOverlapTests {
  let root = makeProcessScope()
  let sentinel = Sentinel(checking: [.environment])

  /// A watched suite scope under the private root.
  func suite(_ name: String = "Suite") -> ScopeRuntime {
    let suite = ScopeRuntime(.suite, name: name, parent: root)
    suite.watchState(sentinel)
    return suite
  }

  /// A watched test scope.
  func test(_ name: String, in parent: ScopeRuntime) -> ScopeRuntime {
    let test = ScopeRuntime(.test, name: name, parent: parent)
    test.watchState(sentinel)
    return test
  }

  @Test func aTestThatRanAloneIsReportedThereAndNotAgainAtItsSuiteOrTheRun() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_ALONE")
      defer { unsetenv(name) }

      // Given a watched suite, and a watched test in it that leaks a variable, alone
      let suite = suite()
      let test = test("Suite/leaks()", in: suite)
      setenv(name, "1", 1)

      // When the test, the suite and the run end
      let atTest = await test.endCollectingFailures()
      let atSuite = await suite.endCollectingFailures()
      let atRun = await root.endCollectingFailures()

      // Then the test reports it, once
      #expect(atTest.mentioning(name).count == 1)
      #expect(atSuite.mentioning(name).isEmpty)
      #expect(atRun.mentioning(name).isEmpty)
    }
  }

  @Test func testsThatOverlappedAreReportedAtTheirSuiteNamingThem() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_OVERLAP")
      defer { unsetenv(name) }

      // Given two watched tests of one watched suite, running at the same time
      let suite = suite()
      let leaking = test("Suite/leaks()", in: suite)
      let other = test("Suite/other()", in: suite)

      // When one of them leaks a variable, and both end
      setenv(name, "1", 1)
      let atTests = await leaking.endCollectingFailures() + other.endCollectingFailures()
      let atSuite = await suite.endCollectingFailures()

      // Then neither test is blamed; the suite reports it, naming both
      #expect(atTests.mentioning(name).isEmpty)
      // (its own line of the report: other tests of the process change variables meanwhile)
      let failure = try #require(atSuite.mentioning(name).first)
      #expect(failure.summary.hasPrefix("Suite 'Suite' left "))
      #expect(
        failure.summary.contains(
          "+ \(name)=\"1\" (added); it changed while 'Suite/leaks()' and 'Suite/other()' ran, alongside other tests"
        ))
      #expect(await root.endCollectingFailures().mentioning(name).isEmpty)
    }
  }

  @Test func overlappedTestsWithoutAWatchedSuiteAreReportedAtTheEndOfTheRun() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_RUN")
      defer { unsetenv(name) }

      // Given two watched tests of a suite that is not watched, running at the same time
      let suite = ScopeRuntime(.suite, name: "Suite", parent: root)
      let leaking = test("Suite/leaks()", in: suite)
      let other = test("Suite/other()", in: suite)

      // When one of them leaks a variable, and everything ends
      setenv(name, "1", 1)
      let atTests = await leaking.endCollectingFailures() + other.endCollectingFailures()
      await suite.end()
      let atRun = await root.endCollectingFailures()

      // Then the run's end reports it, naming the tests
      #expect(atTests.mentioning(name).isEmpty)
      // (its own line of the report: other tests of the process change variables meanwhile)
      let failure = try #require(atRun.mentioning(name).first)
      #expect(failure.summary.hasPrefix("The test run left "))
      #expect(
        failure.summary.contains(
          "+ \(name)=\"1\" (added); it changed while 'Suite/leaks()' and 'Suite/other()' ran, alongside other tests"
        ))
    }
  }

  @Test func overlappingSuitesHandWhatTheirTestsFoundToTheRun() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_SUITES")
      defer { unsetenv(name) }

      // Given two watched suites running at the same time, one with a watched test
      let first = suite("First")
      let second = suite("Second")
      let test = test("First/leaks()", in: first)

      // When the test leaks a variable, and everything ends
      setenv(name, "1", 1)
      let atScopes =
        await test.endCollectingFailures() + first.endCollectingFailures()
        + second.endCollectingFailures()
      let atRun = await root.endCollectingFailures()

      // Then only the run's end reports it, naming the test and its suite
      #expect(atScopes.mentioning(name).isEmpty)
      let failure = try #require(atRun.mentioning(name).first)
      #expect(failure.summary.contains("'First/leaks()'"))
      #expect(failure.summary.contains("'First'"))
    }
  }

  @Test func whatWasRestoredBeforeTheSuiteEndedIsNotReported() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_RESTORED")
      defer { unsetenv(name) }

      // Given two overlapping tests, one leaking a variable
      let suite = suite()
      let leaking = test("Suite/leaks()", in: suite)
      let other = test("Suite/other()", in: suite)
      setenv(name, "1", 1)
      _ = await leaking.endCollectingFailures() + other.endCollectingFailures()

      // When it is unset again before the suite ends
      unsetenv(name)
      let atSuite = await suite.endCollectingFailures()

      // Then nothing is reported
      #expect(atSuite.mentioning(name).isEmpty)
      #expect(await root.endCollectingFailures().mentioning(name).isEmpty)
    }
  }

  @Test func theRunReportsOnlyWhatOverlappedWatchesFound() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_UNWATCHED")
      defer { unsetenv(name) }

      // Given a watched test that ran alone and left nothing
      let test = test("Suite/clean()", in: root)
      await test.end()

      // When a variable changes outside any watched scope before the run ends
      setenv(name, "1", 1)
      let atRun = await root.endCollectingFailures()

      // Then the run, which only the tests asked to watch, does not report it
      #expect(atRun.mentioning(name).isEmpty)
    }
  }

  @Test func serialWatchesNeverOverlap() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_SERIAL")
      defer { unsetenv(name) }

      // Given two serial watches (XCTest's) whose scopes are open at the same time: a suite that
      // ends late, and a test of another suite
      let lateSuite = ScopeRuntime(.suite, name: "Late", parent: root)
      lateSuite.watchState(sentinel, serial: true)
      let suite = ScopeRuntime(.suite, name: "Suite", parent: root)
      let test = ScopeRuntime(.test, name: "Suite/leaks()", parent: suite)
      test.watchState(sentinel, serial: true)

      // When the test leaks a variable
      setenv(name, "1", 1)
      let atTest = await test.endCollectingFailures()

      // Then the test reports it, and the late suite does not report it again
      #expect(atTest.mentioning(name).count == 1)
      #expect(await lateSuite.endCollectingFailures().mentioning(name).isEmpty)
      await suite.end()
    }
  }
}
