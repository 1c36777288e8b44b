import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// What runs when a test body ends (rules "Async work" and "Leak checks"): waits for work before
/// verifications, and teardowns that let go of what they captured before the leak checks.
@Suite struct BodyEndCheckTests {
  @Test func workIsAwaitedBeforeAnyVerificationWhateverTheRegistrationOrder() async throws {
    // Given a verification registered before a wait for work, and one after
    let journal = Journal()
    let test = Scopes().test()
    test.addBodyEndCheck(.verify) {
      journal.record("verify 1")
      return []
    }
    test.addBodyEndCheck(.settleWork) {
      journal.record("settle work")
      return []
    }
    test.addBodyEndCheck {
      journal.record("verify 2")
      return []
    }

    // When the body ends
    await test.finishBody()

    // Then the work was settled first, then the verifications ran in registration order
    #expect(journal.all == ["settle work", "verify 1", "verify 2"])
  }

  @Test func aTeardownLetsGoOfWhatItCapturedBeforeTheLeakChecks() async throws {
    // Given a fixture whose teardown captures its value, and a check after every teardown
    final class Server: Sendable { func stop() {} }
    let server = Fixture<Server>("server") { context in
      let server = Server()
      context.addTeardown { server.stop() }
      return server
    }
    let test = Scopes().test()
    weak let value = try await test.use(server, at: CodeLocation())
    let aliveAtCheck = Locked<Bool?>(nil)
    test.addAfterTeardownCheck {
      aliveAtCheck.withLock { $0 = value != nil }
      return []
    }

    // When the test ends
    let failures = await test.endCollectingFailures()

    // Then the value was gone by the time the check ran
    #expect(failures.isEmpty)
    #expect(aliveAtCheck.value == false)
  }
}
