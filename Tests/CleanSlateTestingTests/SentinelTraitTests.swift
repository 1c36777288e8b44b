import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlateTesting

/// The sentinel in Swift Testing: `.sentinel(...)` on a suite or a test records what a test left
/// changed as an issue at the test; tests that ran alongside other watched tests are reported at
/// their suite instead.
///
/// These tests run one at a time (their watches would otherwise overlap each other) and each
/// looks only for the variables it leaked itself: other tests of the process run alongside.
@Suite(.needsItsOwnWatches) struct SentinelTraitTests {
  let sentinel = Sentinel(checking: [.environment])
  let location = CodeLocation(fileID: "Tests/Declared.swift", filePath: "/Declared.swift", line: 7)

  func target(_ kind: FixtureScope, _ name: String) -> ScopeTarget {
    ScopeTarget(kind, name: name, sentinel: sentinel, location: location)
  }

  /// Drives the trait as the only sentinel test running, and returns the issues it recorded.
  func run(_ body: @Sendable () async throws -> Void) async throws -> [RecordedIssue] {
    try await oneSentinelTestAtATime { try await TraitDriver().run(body) }
  }

  @Test func aLeakIsRecordedAsAnIssueAtTheTestsDeclaration() async throws {
    let name = uniqueMarker("TRAIT_LEAK")
    defer { unsetenv(name) }

    // When a watched test sets a variable and leaves it
    let issues = try await run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: target(.test, "Suite/leaks()")) {
        setenv(name, "1", 1)
      }
    }

    // Then one issue says so, at the test's declaration
    let issue = try #require(issues.first { $0.mentions(name) })
    #expect(issue.cleanSlateError?.code == .stateLeaked)
    #expect(issue.cleanSlateError?.summary.hasPrefix("Test 'Suite/leaks()' left") == true)
    #expect(issue.sourceLocation?.fileID == "Tests/Declared.swift")
    #expect(issue.sourceLocation?.line == 7)
  }

  @Test func aVariableSetByAnEagerFixtureAndRestoredIsNotReported() async throws {
    // Given a test that lists an environment fixture: it is set up before the body, after the
    // sentinel's first snapshot, and restored before its second
    let name = uniqueMarker("TRAIT_FIXTURE")
    let trait: CleanSlateTrait = .fixtures(.environment([name: "during"]))

    // When the test runs
    let seen = Locked<String?>(nil)
    let issues = try await run {
      try await trait.provideScope(for: target(.test, "Suite/restores()")) {
        seen.withLock { $0 = ProcessInfo.processInfo.environment[name] }
      }
    }

    // Then the variable was set during the test and nothing is reported about it
    #expect(seen.value == "during")
    #expect(!issues.contains { $0.mentions(name) })
  }

  @Test func testsRunOneAtATimeAreEachReportedAtTheTest() async throws {
    let first = uniqueMarker("TRAIT_FIRST")
    let second = uniqueMarker("TRAIT_SECOND")
    defer { for name in [first, second] { unsetenv(name) } }

    // When a watched suite runs two tests one after the other, each leaking a variable
    let issues = try await run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: target(.suite, "Suite")) {
        for (test, name) in [("Suite/first()", first), ("Suite/second()", second)] {
          try await CleanSlateTrait.cleanSlate.provideScope(for: target(.test, test)) {
            setenv(name, "1", 1)
          }
        }
      }
    }

    // Then each is reported at its own test, and not again at the suite
    let reports = issues.compactMap(\.cleanSlateError).filter { $0.code == .stateLeaked }
    #expect(
      reports.filter { $0.summary.contains(first) }.map(\.subject) == ["Test 'Suite/first()'"])
    #expect(
      reports.filter { $0.summary.contains(second) }.map(\.subject) == ["Test 'Suite/second()'"])
  }

  @Test func testsThatRanInParallelAreReportedAtTheirSuite() async throws {
    let name = uniqueMarker("TRAIT_PARALLEL")
    defer { unsetenv(name) }

    // When a watched suite runs two tests at the same time, one leaking a variable
    // (each ends only once the variable is set, so that both saw it change)
    let bothRunning = Rendezvous(parties: 2)
    let leaked = Rendezvous(parties: 2)
    let issues = try await run {
      try await CleanSlateTrait.cleanSlate.provideScope(for: target(.suite, "Suite")) {
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            try await CleanSlateTrait.cleanSlate.provideScope(for: target(.test, "Suite/leaks()")) {
              await bothRunning.arrive()
              setenv(name, "1", 1)
              await leaked.arrive()
            }
          }
          group.addTask {
            try await CleanSlateTrait.cleanSlate.provideScope(for: target(.test, "Suite/other()")) {
              await bothRunning.arrive()
              await leaked.arrive()
            }
          }
          try await group.waitForAll()
        }
      }
    }

    // Then no test is blamed; the suite reports it once, naming the tests that ran
    let reports = issues.compactMap(\.cleanSlateError).filter { $0.summary.contains(name) }
    // (other tests running meanwhile may have variables of their own in the same report: the
    // report's first words and this variable's line are compared whole)
    #expect(reports.map(\.subject) == ["Suite 'Suite'"])
    #expect(
      reports.map { $0.lines(mentioning: name) } == [
        [
          "    + \(name)=\"1\" (added); it changed while 'Suite/leaks()' and 'Suite/other()' ran, alongside other tests"
        ]
      ])
  }

  @Test func aSuiteFixtureThatLeaksIsReportedAtTheSuite() async throws {
    let name = uniqueMarker("TRAIT_SUITE")
    defer { unsetenv(name) }

    // Given a suite fixture that sets a variable and never restores it
    let leaky = Fixture<Void>("leaky", scope: .suite) { _ in setenv(name, "1", 1) }
    let trait: CleanSlateTrait = .fixtures(leaky)

    // When a watched suite with one test runs
    let issues = try await run {
      try await trait.provideScope(for: target(.suite, "Suite")) {
        try await trait.provideScope(for: target(.test, "Suite/test()")) {}
      }
    }

    // Then the suite reports it, after its tests and teardowns
    let reports = issues.compactMap(\.cleanSlateError).filter { $0.summary.contains(name) }
    // (other tests running meanwhile may have variables of their own in the same report: the
    // report's first words and this variable's line are compared whole)
    #expect(reports.map(\.subject) == ["Suite 'Suite'"])
    #expect(reports.map { $0.lines(mentioning: name) } == [["    + \(name)=\"1\" (added)"]])
  }

  /// A trait that checks nothing starts no watch: these only show which sentinel is found.
  @Suite(.sentinel(checking: [], allowing: [.environment: ["suite"]]))
  struct Precedence {
    @Test(.sentinel(checking: [], allowing: [.environment: ["test"]]))
    func aTestsOwnSentinelWinsOverItsSuites() throws {
      let test = try #require(Test.current)
      let sentinel = try #require(ScopeTarget.sentinel(of: test))
      #expect(sentinel.allowed == [.environment: ["test"]])
    }

    @Test func aTestInheritsItsSuitesSentinel() throws {
      let test = try #require(Test.current)
      let sentinel = try #require(ScopeTarget.sentinel(of: test))
      #expect(sentinel.allowed == [.environment: ["suite"]])
    }
  }

  @Test func theSentinelTraitOpensScopesAsCleanSlateDoes() {
    let trait: CleanSlateTrait = .sentinel(checking: [.threads])
    #expect(trait.isRecursive)
    #expect(trait.sentinel?.kinds == [.threads])
    #expect(trait.sentinel?.location.line == #line - 3)
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips a suite of sentinel tests when `CLEANSLATE_SENTINEL` watches every test of the run:
  /// their watches would overlap the run's, and report to their suites instead.
  static var needsItsOwnWatches: Self {
    .disabled(
      if: Sentinel.runWide != nil,
      "CLEANSLATE_SENTINEL watches every test: these tests' watches would overlap the run's")
  }
}

extension RecordedIssue {
  /// Whether the issue is a CleanSlate failure whose message mentions `text`.
  func mentions(_ text: String) -> Bool {
    cleanSlateError?.summary.contains(text) ?? false
  }
}

extension CleanSlateError {
  /// The lines of a sentinel report that mention `text`, whole.
  func lines(mentioning text: String) -> [String] {
    summary.split(separator: "\n").map(String.init).filter { $0.contains(text) }
  }

  /// The first words of a sentinel report: `Test 'Suite/test()'`.
  var subject: String {
    String(summary.prefix { $0 != "\n" }.components(separatedBy: " left ").first ?? "")
  }
}

/// Lets tasks wait for each other: each `arrive()` returns once `parties` tasks have arrived.
final class Rendezvous: Sendable {
  private let state: Locked<(count: Int, waiters: [CheckedContinuation<Void, Never>])>
  private let parties: Int

  init(parties: Int) {
    self.parties = parties
    state = Locked((0, []))
  }

  func arrive() async {
    await withCheckedContinuation { continuation in
      let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.count += 1
        state.waiters.append(continuation)
        guard state.count == parties else { return [] }
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in released { waiter.resume() }
    }
  }
}
