import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// Rule "One failure channel": the engine records each failure once, where it happens, through
/// the sink of its scope; `use` then throws an error that says the failure was recorded, and
/// nothing records it again.
@Suite struct FailureChannelTests {
  @Test func aCaughtSetupFailureIsRecordedOnceWhereItHappens() async throws {
    // Given store → config, where config fails
    let config = Fixture<Int>("config") { _ in throw Boom(label: "no config") }
    let store = Fixture<Int>("store") { context in try await context.use(config) }
    let test = Scopes().test()

    // When the test asks for the store twice, catching the error each time
    var thrown: [any Error] = []
    let failures = await collectingFailures {
      for _ in 1...2 {
        do {
          _ = try await test.withCurrent { try await test.use(store, at: CodeLocation(line: 7)) }
        } catch {
          thrown.append(error)
        }
      }
    }

    // Then one failure was recorded, at the line that asked, naming the failing fixture and its
    // path; each use threw an error that carries it
    #expect(failures.count == 1)
    #expect(failures.first?.fixture == "config")
    #expect(failures.first?.dependencyPath == ["store", "config"])
    #expect(failures.first?.location.line == 7)
    #expect(thrown.count == 2)
    #expect(thrown.allSatisfy { ($0 as? FixtureUnavailable)?.failure.fixture == "config" })
    #expect(test.hasFailed)
  }

  @Test func aDependencyFailureCaughtInsideASetupIsStillRecorded() async throws {
    // Given a fixture whose setup catches its dependency's failure and carries on
    let optional = Fixture<Int>("optional") { _ in throw Boom() }
    let tolerant = Fixture<Int>("tolerant") { context in
      (try? await context.use(optional)) ?? 0
    }
    let test = Scopes().test()

    // When the test asks for it
    let failures = await collectingFailures {
      _ = try? await test.withCurrent { try await test.use(tolerant, at: CodeLocation()) }
    }

    // Then the dependency's failure was recorded all the same
    #expect(failures.map(\.code) == [.setupFailed])
    #expect(failures.first?.dependencyPath == ["tolerant", "optional"])
  }

  @Test func aSuiteFixtureFailureIsRecordedOnEachTestThatAsks() async throws {
    // Given a suite fixture that fails, and two tests
    let scopes = Scopes()
    let shared = Fixture<Int>("shared", scope: .suite) { _ in throw Boom() }
    let firstTest = scopes.test("first()")
    let secondTest = scopes.test("second()")

    // When each asks for it and catches the error
    let first = await collectingFailures {
      _ = try? await firstTest.withCurrent { try await firstTest.use(shared, at: CodeLocation()) }
    }
    let second = await collectingFailures {
      _ = try? await secondTest.withCurrent {
        try await secondTest.use(shared, at: CodeLocation())
      }
    }

    // Then the first gets the failure in full, the second the short one pointing to it
    #expect(first.map(\.code) == [.setupFailed])
    #expect(second.map(\.code) == [.setupFailedEarlier])
  }

  @Test func expectSetupFailureKeepsTheFailureFromTheSink() async throws {
    // Given a fixture that fails
    let broken = Fixture<Int>("broken") { _ in throw Boom() }
    let test = Scopes().test()

    // When the test uses it inside expectSetupFailure
    var failure: CleanSlateError?
    let recorded = await collectingFailures {
      failure = await test.withCurrent {
        await expectSetupFailure { _ = try await use(broken) }
      }
    }

    // Then the failure is returned, and nothing was recorded
    #expect(failure?.fixture == "broken")
    #expect(recorded.isEmpty)
    #expect(!test.hasFailed)
  }

  @Test func reportFailureGoesThroughTheCurrentScopesSinkAtTheGivenLine() async throws {
    // Given a test scope
    let test = Scopes().test()

    // When the test's own assertion reports a failure at a given line
    let recorded = await collectingFailures {
      await test.withCurrent { reportFailure("values differ", line: 42) }
    }

    // Then the sink got it, once, at that line
    #expect(recorded.map(\.summary) == ["values differ"])
    #expect(recorded.first?.location.line == 42)
    #expect(recorded.first?.code == .assertionFailed)
  }

  @Test func aFailureNoSinkTakesIsPrintedAsADiagnostic() async throws {
    // Given a scope tree with no sink at all
    let root = ScopeRuntime(.process, name: "process", parent: nil, observer: .some(nil))
    let test = ScopeRuntime(.test, name: "T/t()", parent: root)
    let printed = Locked<[String]>([])

    // When one of its failures is reported
    FailuresOutsideTests.$sink.withValue({ line in printed.withLock { $0.append(line) } }) {
      test.report(
        CleanSlateError(
          .assertionFailed, summary: "lost?",
          location: CodeLocation(fileID: "M/F.swift", filePath: "/p/F.swift", line: 3)))
    }

    // Then it is printed as a compiler-style diagnostic
    #expect(printed.value == ["/p/F.swift:3: error: lost?\n  at: M/F.swift:3\n"])
    await test.end()
  }
}
