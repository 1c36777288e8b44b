import CleanSlate
import Foundation

/// Every message the engine records, as test bodies that XCTest's `FixtureTestCase` and the
/// Swift Testing traits both run: each produces the same text, whole, at the same line, in both
/// frameworks. A change of wording is a visible change of these expectations.
enum MessageScenario: String, CaseIterable, Sendable {
  case setupFailedInTheBody
  case setupFailedEarlier
  case dependencyCycle
  case scopeMismatch
  case teardownThrew
  case teardownTimedOut
  case workOutlivedTheTest
  case objectLeaked
  case verificationFailed
  case notificationNotPosted
  case noSetupFailureWhereOneWasExpected
  case otherErrorWhereASetupFailureWasExpected
  case assertionFailed
  case unknownTimeZone
  case timeZoneReadDifferently
  case invalidSeed

  /// A failure as the test's framework records it: the whole message, at a line of this file.
  struct Expected: Equatable, CustomStringConvertible {
    var text: String
    var line: Int
    var description: String { "line \(line): \(text)" }
  }

  /// Where a line of this file or of `CheckScenario.swift` is, as messages name it.
  static func here(_ line: Int) -> String { "CleanSlateParityTests/MessageScenario.swift:\(line)" }

  // MARK: - Fixtures

  /// A test fixture that throws; ``CheckScenario/client`` depends on it.
  static let configLine = CheckScenario.configLine

  static let sharedServerLine = #line + 1
  static let sharedServer = Fixture<Int>("sharedServer", scope: .process) { _ in
    throw PortInUse()
  }

  static let cycleALine = #line + 1
  static let cycleA: Fixture<Int> = Fixture("cycleA") { context in
    try await context.use(MessageScenario.cycleB)
  }
  static let cycleB: Fixture<Int> = Fixture("cycleB") { context in
    try await context.use(MessageScenario.cycleA)
  }

  static let perTest = Fixture<Int>("perTest") { _ in 1 }
  static let widerLine = #line + 1
  static let wider = Fixture<Int>("wider", scope: .process) { context in
    let line = #line
    mark(.widerUses, line)
    return try await context.use(perTest, line: line)
  }

  static let leakyFileLine = #line + 1
  static let leakyFile = Fixture<Void>("leakyFile") { context in
    let line = #line
    mark(.teardownThrew, line)
    context.addTeardown(line: line) { throw FileBusy() }
  }

  static let slowServerLine = #line + 1
  static let slowServer = Fixture<Void>("slowServer", teardownTimeout: .milliseconds(50)) {
    context in
    let line = #line
    mark(.teardownTimedOut, line)
    context.addTeardown(line: line) { try await Task.sleep(for: .seconds(60)) }
  }

  /// A generator whose run seed is a `CLEANSLATE_SEED` that is not a number.
  static let badlySeeded = Fixture.seededRandom(runSeed: RunSeed.from(setting: "12ab"))

  struct PortInUse: Error, CustomStringConvertible {
    var description: String { "port in use" }
  }

  struct FileBusy: Error, CustomStringConvertible {
    var description: String { "file busy" }
  }

  // MARK: - Bodies

  /// The lines the failures point at, marked as the scenarios run: a mark and the call it
  /// names share a line.
  private static let marks = Locked<[String: [Int]]>([:])

  enum Mark: String { case widerUses }

  static func mark(_ scenario: MessageScenario, _ line: Int) {
    marks.withLock { marks in
      if !(marks[scenario.rawValue]?.contains(line) ?? false) {
        marks[scenario.rawValue, default: []].append(line)
      }
    }
  }

  static func mark(_ mark: Mark, _ line: Int) {
    marks.withLock { $0[mark.rawValue] = [line] }
  }

  /// The lines marked for `key` so far.
  static func lines(_ key: String) -> [Int] { marks.withLock { $0[key] ?? [] } }

  /// Runs the scenario in the running test, its checks through `checks`.
  func run(_ checks: some CheckAdapter) async throws {
    // Each call that fails is given the line it marks, so the two never differ.
    let line = #line
    let mark = { Self.mark(self, line) }
    switch self {
    case .setupFailedInTheBody:
      mark()
      _ = try? await use(CheckScenario.client, line: line)
    case .setupFailedEarlier:
      mark()
      _ = try? await use(Self.sharedServer, line: line)
      Self.mark(self, line + 1)
      _ = try? await use(Self.sharedServer, line: line + 1)
    case .dependencyCycle:
      mark()
      _ = try? await use(Self.cycleA, line: line)
    case .scopeMismatch:
      mark()
      _ = try? await use(Self.wider, line: line)
    case .teardownThrew: _ = try await use(Self.leakyFile)
    case .teardownTimedOut: _ = try await use(Self.slowServer)
    case .workOutlivedTheTest:
      let work = try await use(.workTracker)
      work.timeout = .milliseconds(20)
      mark()
      work.start("sync forever", line: line) { try? await Task.sleep(for: .seconds(60)) }
    case .objectLeaked:
      mark()
      checks.expectReleased(Self.survivor, line: line)
    case .verificationFailed:
      mark()
      checks.verify(CheckScenario.Mock(), line: line)
    case .notificationNotPosted:
      mark()
      _ = checks.expectPosted(Self.neverPosted, timeout: .milliseconds(20), line: line)
    case .noSetupFailureWhereOneWasExpected:
      mark()
      await expectSetupFailure(line: line) { _ = try await use(Self.perTest) }
    case .otherErrorWhereASetupFailureWasExpected:
      mark()
      await expectSetupFailure(line: line) { throw FileBusy() }
    case .assertionFailed:
      mark()
      expectValidUUID("not-a-uuid", line: line)
    case .unknownTimeZone:
      mark()
      try? await use(.timeZone("Asia/Tokio", line: line), line: line)
    case .timeZoneReadDifferently:
      mark()
      try? await use(.timeZone("GMT+9", line: line), line: line)
    case .invalidSeed:
      mark()
      _ = try? await use(Self.badlySeeded, line: line)
    }
  }

  /// An object kept alive for the whole run, for the leak check.
  static let survivor = CheckScenario.Survivor()

  static let neverPosted = Notification.Name("MessageScenario.neverPosted")

  // MARK: - Expected messages

  /// What the scenario records, in order, for a test of the given name.
  func expected(testName: String) -> [Expected] {
    let lines = Self.lines(rawValue)
    guard let first = lines.first else { return [] }
    let at = Self.here(first)
    let text: [String]
    switch self {
    case .setupFailedInTheBody:
      text = [
        """
        Setup of fixture 'config' threw: parity setup failure
          asked for at: \(at)
          fixture 'config' declared at: CleanSlateParityTests/CheckScenario.swift:\(Self.configLine)
          dependency path: client → config
          What it set up before it threw is torn down when the test ends.
        """
      ]
    case .setupFailedEarlier:
      text = [
        """
        Setup of fixture 'sharedServer' threw: port in use
          asked for at: \(at)
          fixture 'sharedServer' declared at: \(Self.here(Self.sharedServerLine))
          What it set up before it threw is torn down when the test run ends.
        """,
        """
        Fixture 'sharedServer' (process scope 'process') failed to set up earlier and is not set up again.
          asked for at: \(Self.here(lines[1]))
          fixture 'sharedServer' declared at: \(Self.here(Self.sharedServerLine))
          See the first failure, recorded in '\(testName)' at \(at): Setup of fixture 'sharedServer' threw: port in use
        """,
      ]
    case .dependencyCycle:
      text = [
        """
        Fixtures depend on each other in a cycle: cycleA → cycleB → cycleA.
          asked for at: \(at)
          fixture 'cycleA' declared at: \(Self.here(Self.cycleALine))
          dependency path: cycleA → cycleB → cycleA
          Break the cycle: one of these fixtures must not ask for the other.
        """
      ]
    case .scopeMismatch:
      text = [
        """
        Fixture 'wider' (process scope) cannot use 'perTest' (test scope) at \(Self.here(Self.lines("widerUses")[0])): it would be torn down while 'wider' still needs it.
          asked for at: \(at)
          fixture 'wider' declared at: \(Self.here(Self.widerLine))
          dependency path: wider → perTest
          A fixture may only depend on fixtures of the same or a wider scope: widen 'perTest' or narrow 'wider'.
        """
      ]
    case .teardownThrew:
      text = [
        """
        Teardown of fixture 'leakyFile' threw: file busy
          registered at: \(at)
          fixture 'leakyFile' declared at: \(Self.here(Self.leakyFileLine))
          The other teardowns still ran.
        """
      ]
    case .teardownTimedOut:
      text = [
        """
        Teardown of fixture 'slowServer' did not finish within 0.05 seconds and was abandoned.
          registered at: \(at)
          fixture 'slowServer' declared at: \(Self.here(Self.slowServerLine))
          The other teardowns still ran. Make it finish sooner, or give it more time: addTeardown(timeout:) for this teardown, Fixture(_:teardownTimeout:) for every teardown of its fixture, CleanSlateDefaults.teardownTimeout in code, or CLEANSLATE_TEARDOWN_TIMEOUT=<seconds> for the whole run.
        """
      ]
    case .workOutlivedTheTest:
      text = [
        """
        Tracked work 'sync forever' was still running 0.02 seconds after the body of '\(testName)' ended; it was cancelled.
          started at: \(at)
          Wait for it in the test (try await tracker.waitUntilIdle()), make it finish sooner, or give it more time: tracker.timeout for this test, WorkTracker.defaultTimeout in code, or CLEANSLATE_WORK_TIMEOUT=<seconds> for the whole run.
        """
      ]
    case .objectLeaked:
      text = [
        """
        Survivor was still alive after every teardown of the test.
          expected at: \(at)
          Something still holds it: a retain cycle, a cache, a global, or a stored property of an XCTest test case (use @Resettable for those).
        """
      ]
    case .verificationFailed:
      text = [
        """
        Mock registered with verifyLater failed verification: expected 1 call, got 0
          registered at: \(at)
          It was verified when the test body ended.
        """
      ]
    case .notificationNotPosted:
      text = [
        """
        Expected notification 'MessageScenario.neverPosted' was not posted by the end of the test body (waited 0.02 seconds after it).
          expected at: \(at)
          Post it before the body ends (tracked work is awaited first), or give it more time with timeout:.
        """
      ]
    case .noSetupFailureWhereOneWasExpected:
      text = [
        """
        expectSetupFailure: every fixture the body used set up; one was expected to fail.
          expected at: \(at)
          Use the fixture that should fail inside the closure.
        """
      ]
    case .otherErrorWhereASetupFailureWasExpected:
      text = [
        """
        expectSetupFailure: the body threw file busy, which is not a fixture's setup failure.
          expected at: \(at)
          Use the fixture that should fail inside the closure.
        """
      ]
    case .assertionFailed:
      text = [
        """
        'not-a-uuid' is not a valid UUID
          at: \(at)
        """
      ]
    case .unknownTimeZone:
      text = [
        """
        Unknown time zone 'Asia/Tokio'.
          asked for at: \(at)
          Use a name of the tz database, such as 'Asia/Tokyo', 'Europe/Paris' or 'UTC' (TimeZone.knownTimeZoneIdentifiers lists them).
        """
      ]
    case .timeZoneReadDifferently:
      text = [
        """
        Time zone 'GMT+9' is UTC+09:00 to Foundation but UTC-09:00 to the C library (TZ=GMT+9), and so to the processes the test launches.
          asked for at: \(at)
          Use 'Etc/GMT-9', a name of the tz database that both read alike.
        """
      ]
    case .invalidSeed:
      text = [
        """
        CLEANSLATE_SEED is '12ab', which is not a seed: .seededRandom takes a whole number from 0 to 18446744073709551615.
          asked for at: \(at)
          Set CLEANSLATE_SEED to the number a failed test printed, to replay its draws, or unset it to draw from a new seed.
        """
      ]
    }
    return zip(text, lines).map { Expected(text: $0, line: $1) }
  }
}
