import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Process-global state": the time zone is set for one test — for Foundation, formatters,
/// calendars and the C library alike — and restored exactly, `TZ` included, whether it was set or
/// not; tests that set one wait for each other.
@Suite struct SandboxTimeZoneTests {
  @Test func everyReaderSeesTheZoneDuringTheTest() async throws {
    // Given a test
    let test = Scopes().test()

    // When it uses a time zone
    try await test.use(.timeZone("Asia/Tokyo"), at: CodeLocation())

    // Then TZ, Foundation's zones, a new formatter, the calendar and localtime all use it
    let seen = ProcessTimeZone.now
    await test.end()
    #expect(seen.isEverywhere("Asia/Tokyo"), "\(seen)")
  }

  @Test(arguments: [nil, "America/New_York"])
  func theZoneIsRestoredExactlyIncludingTZ(_ variable: String?) async throws {
    // Given a test in a process whose TZ is unset, or set
    let test = Scopes().test()
    try await startAsIf(tz: variable, in: test)
    let before = ProcessTimeZone.now
    let restored = Observed<ProcessTimeZone>()
    test.addTeardown(at: CodeLocation()) { restored.set(.now) }

    // When it uses a time zone, and ends
    try await test.use(.timeZone("Asia/Tokyo"), at: CodeLocation())
    let failures = await test.endCollectingFailures()

    // Then every reader sees what it saw before, TZ unset again if it was unset
    #expect(failures.isEmpty)
    #expect(restored.value == before)
    #expect(restored.value?.variable == variable)
  }

  @Test func theZoneIsRestoredAfterATestThatThrows() async throws {
    // Given a test that uses a time zone, then throws
    let test = Scopes().test()
    let restored = Observed<ProcessTimeZone>()
    try await test.observeAfterRestore { restored.set(.now) }
    let before = ProcessTimeZone.now
    await #expect(throws: Boom.self) {
      try await test.withCurrent {
        try await use(.timeZone("Pacific/Auckland"))
        throw Boom()
      }
    }
    test.markFailed()

    // When the test ends
    await test.end()

    // Then the zone is the one from before
    #expect(restored.value == before)
  }

  @Test func twoZonesInOneTestAreUndoneInReverse() async throws {
    // Given a test
    let test = Scopes().test()
    let restored = Observed<ProcessTimeZone>()
    try await test.observeAfterRestore { restored.set(.now) }
    let before = ProcessTimeZone.now

    // When it sets one zone, then another
    try await test.use(.timeZone("Europe/Paris"), at: CodeLocation())
    try await test.use(.timeZone("Asia/Kolkata"), at: CodeLocation())

    // Then the later one holds, and the end restores the zone from before both
    #expect(ProcessTimeZone.now.isEverywhere("Asia/Kolkata"))
    await test.end()
    #expect(restored.value == before)
  }

  @Test func eightParallelTestsEachSeeOnlyTheirOwnZone() async throws {
    // Given eight tests, each setting another zone
    let scopes = Scopes()

    // When they run at the same time, each looking at the zone again after every other test
    // had the chance to run
    let seen = try await withThrowingTaskGroup(of: (String, [Bool]).self) { group in
      for identifier in eightZones {
        group.addTask {
          let test = scopes.test("Suite/zone(\(identifier))")
          try await test.use(.timeZone(identifier), at: CodeLocation())
          var looks: [Bool] = []
          for _ in 0..<20 {
            looks.append(ProcessTimeZone.now.isEverywhere(identifier))
            await Task.yield()
          }
          await test.end()
          return (identifier, looks)
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }

    // Then each saw its own zone every time
    #expect(seen.keys.sorted() == eightZones.sorted())
    #expect(seen.values.allSatisfy { $0.count == 20 && !$0.contains(false) }, "\(seen)")
  }

  @Test func anUnknownZoneFailsItsSetupAndChangesNothing() async throws {
    // Given a misspelt zone
    let test = Scopes().test()
    let before = try await withProcessStateLock { ProcessTimeZone.now }

    // When a test uses it
    let line = #line + 2
    let failures = await collectingFailures {
      try? await test.use(.timeZone("asia/tokyo"), at: CodeLocation(line: line))
    }

    // Then one failure names it and suggests the right name, and the zone did not change
    #expect(failures.map(\.code) == [.unknownTimeZone])
    #expect(failures.first?.summary == "Unknown time zone 'asia/tokyo'.")
    #expect(failures.first?.advice?.hasPrefix("Did you mean 'Asia/Tokyo'? ") == true)
    await test.end()
    #expect(try await withProcessStateLock { ProcessTimeZone.now } == before)
  }

  @Test(arguments: [
    ("GMT+9", "UTC+09:00", "UTC-09:00", "Etc/GMT-9"),
    ("JST", "UTC+09:00", "UTC+00:00", "Asia/Tokyo"),
  ])
  func aZoneTheCLibraryReadsDifferentlyFailsAndIsUndone(
    _ identifier: String, foundation: String, c: String, instead: String
  ) async throws {
    // Given a name Foundation knows, and the C library reads as another offset
    let test = Scopes().test()
    let before = try await withProcessStateLock { ProcessTimeZone.now }

    // When a test uses it
    let failures = await collectingFailures {
      try? await test.use(.timeZone(identifier), at: CodeLocation())
    }
    await test.end()

    // Then one failure says how each reads it and what to use instead, and nothing changed
    #expect(failures.map(\.code) == [.unknownTimeZone])
    #expect(
      failures.first?.summary
        == "Time zone '\(identifier)' is \(foundation) to Foundation but \(c) to the C library (TZ=\(identifier)), and so to the processes the test launches."
    )
    #expect(
      failures.first?.advice == "Use '\(instead)', a name of the tz database that both read alike.")
    #expect(try await withProcessStateLock { ProcessTimeZone.now } == before)
  }
}

/// Takes the process-state lock for `test`, and makes `variable` the process's `TZ`, as if the
/// process had started with it (Foundation reads it again and its default zone follows); the
/// zone from before is back once every later teardown of the test has run.
private func startAsIf(tz variable: String?, in test: ScopeRuntime) async throws {
  try await test.use(.processStateLock, at: CodeLocation())
  let original = TimeZoneChange.Saved.now
  test.addTeardown(at: CodeLocation()) { try original.restore() }
  try EnvironmentOverride.set("TZ", to: variable)
  tzset()
  NSTimeZone.resetSystemTimeZone()
  NSTimeZone.default = TimeZone.current
}
