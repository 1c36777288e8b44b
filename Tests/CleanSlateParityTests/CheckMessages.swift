/// The whole messages the check scenarios lead to, the same in both frameworks.
extension CheckScenario {
  static var verifyFailsMessage: String {
    """
    Mock registered with verifyLater failed verification: expected 1 call, got 0
      registered at: CleanSlateParityTests/CheckScenario.swift:\(verifyFailsLine)
      It was verified when the test body ended.
    """
  }

  static var survivorMessage: String {
    """
    Survivor was still alive after every teardown of the test.
      expected at: CleanSlateParityTests/CheckScenario.swift:\(survivorLine)
      Something still holds it: a retain cycle, a cache, a global, or a stored property of an XCTest test case (use @Resettable for those).
    """
  }

  static var neverPostedMessage: String {
    """
    Expected notification 'CheckScenario.didSave' from Server was not posted by the end of the test body (waited 0.02 seconds after it).
      expected at: CleanSlateParityTests/CheckScenario.swift:\(neverPostedLine)
      Post it before the body ends (tracked work is awaited first), or give it more time with timeout:.
    """
  }

  static var caughtSetupFailureMessage: String {
    """
    Setup of fixture 'config' threw: parity setup failure
      asked for at: CleanSlateParityTests/CheckScenario.swift:\(caughtSetupFailureLine)
      fixture 'config' declared at: CleanSlateParityTests/CheckScenario.swift:\(configLine)
      dependency path: client → config
      What it set up before it threw is torn down when the test ends.
    """
  }

  static var noFailureMessage: String {
    """
    expectSetupFailure: every fixture the body used set up; one was expected to fail.
      expected at: CleanSlateParityTests/CheckScenario.swift:\(noFailureLine)
      Use the fixture that should fail inside the closure.
    """
  }

  static var invalidUUIDMessage: String {
    """
    'not-a-uuid' is not a valid UUID
      at: CleanSlateParityTests/CheckScenario.swift:\(invalidUUIDLine)
    """
  }
}
