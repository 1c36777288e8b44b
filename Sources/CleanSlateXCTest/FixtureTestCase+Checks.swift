import CleanSlate

extension FixtureTestCase {
  /// Registers something to be verified when the test body ends, failing the test at this line
  /// if it throws.
  ///
  /// Register a mock where you create it, rather than remembering to verify it at the end:
  ///
  /// ```swift
  /// let transport = MockTransport()
  /// verifyLater(transport)
  /// transport.expect(.get("/user"))
  /// ```
  ///
  /// Verification runs after the body (and after work the body started has been awaited),
  /// before the test's tearDown methods, in registration order; it runs even when the body
  /// failed or threw.
  public func verifyLater(
    _ subject: some SelfVerifying,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let subjectType = String(describing: type(of: subject))
    // Verification runs while the test's thread waits for it, never concurrently with the test.
    let subject = UncheckedSendable<any SelfVerifying>(subject)
    guard let testScope else {
      return report([outsideTest("verifyLater(\(subjectType))", at: location)])
    }
    testScope.addBodyEndCheck {
      do {
        try subject.value.verify()
        return []
      } catch {
        return [
          CleanSlateError(
            .verificationFailed,
            summary: "\(subjectType) registered with verifyLater failed verification: \(error)",
            location: location, underlying: error,
            advice: "It was verified when the test body ended.")
        ]
      }
    }
  }

  /// Expects `object` to be deallocated once every teardown of the test has run, failing the
  /// test at this line with the object's type if it is still alive then.
  ///
  /// ```swift
  /// let controller = ProfileController(store: store)
  /// expectDeallocation(of: controller)    // fails if a retain cycle keeps it alive
  /// ```
  ///
  /// Only a weak reference is kept. The check runs after the test's tearDown methods, after
  /// `@Resettable` properties were reset and after every fixture teardown — so an object held
  /// by a plain stored property of the test case is reported: XCTest keeps test case instances
  /// alive for the whole run.
  public func expectDeallocation(
    of object: AnyObject,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let objectType = String(describing: type(of: object))
    guard let testScope else {
      return report([outsideTest("expectDeallocation(of: \(objectType))", at: location)])
    }
    let reference = WeakReference(object)
    testScope.addAfterTeardownCheck {
      guard reference.object != nil else { return [] }
      return [
        CleanSlateError(
          .objectLeaked,
          summary: "\(objectType) was still alive after every teardown of the test.",
          location: location,
          advice:
            "Something still holds it: a retain cycle, a cache, or a stored property of the test case (use @Resettable for those)."
        )
      ]
    }
  }

  private func outsideTest(_ call: String, at location: CodeLocation) -> CleanSlateError {
    CleanSlateError(
      .noActiveScope, summary: "\(call) was called outside a running test.", location: location,
      advice: "Call it in setUp or in the test body.")
  }
}

/// A weak reference that can be checked from the engine's checks.
private final class WeakReference: @unchecked Sendable {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

/// A value handed to the engine's checks, which run while the test's thread waits for them.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
