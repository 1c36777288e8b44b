import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule 5 when the test's own code catches a setup failure: the engine reports it through the
/// scope's reporter as it happens, once, and never again when it is thrown on.
@Suite struct ImmediateReportingTests {
  @Test func aCaughtSetupFailureIsReportedOnceThroughTheTestsReporter() async throws {
    // Given a test scope with a reporter, and store → config where config fails
    let reported = Locked<[CleanSlateError]>([])
    let config = Fixture<Int>("config") { _ in throw Boom(label: "no config") }
    let store = Fixture<Int>("store") { context in try await context.use(config) }
    let test = Scopes().test(reporter: { failure in reported.withLock { $0.append(failure) } })

    // When the test asks for the store and catches the error
    let value = try? await test.withCurrent { try await test.use(store, at: CodeLocation()) }

    // Then the failure was reported once, naming the failing fixture and its path, and a
    // framework that is handed the thrown error cannot claim its report again
    #expect(value == nil)
    let failures = reported.value
    #expect(failures.count == 1)
    #expect(failures.first?.fixture == "config")
    #expect(failures.first?.dependencyPath == ["store", "config"])
    #expect(failures.first?.claimReport() == false)
  }

  @Test func aSuiteFixtureFailureIsReportedToEachTestThatAsks() async throws {
    // Given a suite fixture that fails, and two tests with reporters of their own
    let scopes = Scopes()
    let shared = Fixture<Int>("shared", scope: .suite) { _ in throw Boom() }
    let first = Locked<[CleanSlateError.Code]>([])
    let second = Locked<[CleanSlateError.Code]>([])
    let firstTest = scopes.test("first()", reporter: { f in first.withLock { $0.append(f.code) } })
    let secondTest = scopes.test(
      "second()", reporter: { f in second.withLock { $0.append(f.code) } })

    // When each asks for it and catches the error
    _ = try? await firstTest.withCurrent { try await firstTest.use(shared, at: CodeLocation()) }
    _ = try? await secondTest.withCurrent {
      try await secondTest.use(shared, at: CodeLocation())
    }

    // Then the first gets the failure in full, the second the short one pointing to it
    #expect(first.value == [.setupFailed])
    #expect(second.value == [.setupFailedEarlier])
  }

  @Test func withoutAReporterTheFailureIsLeftToWhoeverItIsThrownTo() async throws {
    // Given a test scope without a reporter
    let broken = Fixture<Int>("broken") { _ in throw Boom() }
    let test = Scopes().test()

    // When the test asks for a fixture that fails
    let error = await #expect(throws: CleanSlateError.self) {
      try await test.withCurrent { try await test.use(broken, at: CodeLocation()) }
    }

    // Then its report is still unclaimed, for the integration that catches it
    #expect(error?.claimReport() == true)
  }

  @Test func expectSetupFailureKeepsTheFailureFromTheReporter() async throws {
    // Given a test scope with a reporter, and a fixture that fails
    let reported = Locked<[CleanSlateError]>([])
    let broken = Fixture<Int>("broken") { _ in throw Boom() }
    let test = Scopes().test(reporter: { failure in reported.withLock { $0.append(failure) } })

    // When the test uses it inside expectSetupFailure
    let failure = await test.withCurrent {
      await expectSetupFailure { _ = try await use(broken) }
    }

    // Then the failure is returned, and nothing was reported
    #expect(failure?.fixture == "broken")
    #expect(reported.value.isEmpty)
  }

  @Test func reportFailureGoesThroughTheCurrentScopesReporterAtTheGivenLine() async throws {
    // Given a test scope with a reporter
    let reported = Locked<[CleanSlateError]>([])
    let test = Scopes().test(reporter: { failure in reported.withLock { $0.append(failure) } })

    // When the test's own assertion reports a failure at a given line
    await test.withCurrent { reportFailure("values differ", line: 42) }

    // Then the reporter got it, once, at that line
    #expect(reported.value.map(\.summary) == ["values differ"])
    #expect(reported.value.first?.location.line == 42)
    #expect(reported.value.first?.code == .assertionFailed)
  }
}
