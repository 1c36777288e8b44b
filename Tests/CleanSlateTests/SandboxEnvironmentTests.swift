import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Process-global state": environment variables are restored exactly, including those
/// that did not exist.
@Suite struct SandboxEnvironmentTests {
  @Test func setsAndUnsetsVariablesThenRestoresThemExactly() async throws {
    // Given one variable that exists and one that does not
    let existing = "CLEANSLATE_ENV_EXISTING_\(UUID().uuidString.prefix(8))"
    let missing = "CLEANSLATE_ENV_MISSING_\(UUID().uuidString.prefix(8))"
    setenv(existing, "original", 1)
    defer { unsetenv(existing) }
    let test = Scopes().test()
    let restored = Observed<[String?]>()
    try await test.observeAfterRestore {
      restored.set([ProcessEnvironment.value(of: existing), ProcessEnvironment.value(of: missing)])
    }

    // When a test unsets the first and sets the second
    try await test.use(.environment([existing: nil, missing: "new"]), at: CodeLocation())
    #expect(ProcessEnvironment.value(of: existing) == nil)
    #expect(ProcessEnvironment.value(of: missing) == "new")
    #expect(ProcessInfo.processInfo.environment[missing] == "new")
    let failures = await test.endCollectingFailures()

    // Then the first has its value back and the second does not exist again
    #expect(failures.isEmpty)
    #expect(restored.value == ["original", nil])
  }

  @Test func variablesAreRestoredAfterAFailingTest() async throws {
    // Given a test that sets a variable, then throws
    let name = "CLEANSLATE_ENV_FAILING_\(UUID().uuidString.prefix(8))"
    let test = Scopes().test()
    let restored = Observed<String?>()
    try await test.observeAfterRestore { restored.set(ProcessEnvironment.value(of: name)) }
    await #expect(throws: Boom.self) {
      try await test.withCurrent {
        try await use(.environment([name: "during"]))
        throw Boom()
      }
    }
    test.markFailed()

    // When the test ends
    await test.end()

    // Then the variable no longer exists
    #expect(restored.value == .some(nil))
  }

  @Test func overridesStackAndUndoInReverseOrder() async throws {
    // Given two overrides of the same variable in one test
    let name = "CLEANSLATE_ENV_STACKED_\(UUID().uuidString.prefix(8))"
    setenv(name, "outer", 1)
    defer { unsetenv(name) }
    let test = Scopes().test()
    let restored = Observed<String?>()
    try await test.observeAfterRestore { restored.set(ProcessEnvironment.value(of: name)) }

    // When both are used, the second after the first
    try await test.use(.environment([name: "first"]), at: CodeLocation())
    try await test.use(.environment([name: "second"]), at: CodeLocation())

    // Then the later one wins, and the end restores the value from before both
    #expect(ProcessEnvironment.value(of: name) == "second")
    await test.end()
    #expect(restored.value == "outer")
  }

  @Test func anInvalidNameFailsSetupAndChangesNothing() async throws {
    // Given an override whose second name is invalid
    let valid = "CLEANSLATE_ENV_VALID_\(UUID().uuidString.prefix(8))"
    let test = Scopes().test()

    // When it is used
    let error = await #expect(throws: FixtureUnavailable.self) {
      try await test.use(.environment([valid: "x", "BAD=NAME": "y"]), at: CodeLocation())
    }?.failure
    await test.end()

    // Then setup failed, naming the variable, and nothing was set
    #expect(error?.code == .setupFailed)
    #expect(
      error?.summary
        == "Setup of fixture 'environment(BAD=NAME, \(valid))' threw: Could not change the environment variable 'BAD=NAME': a variable name must not be empty or contain '='."
    )
    #expect(ProcessEnvironment.value(of: valid) == nil)
  }
}
