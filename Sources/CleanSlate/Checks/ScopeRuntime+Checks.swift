/// The checks a test registers on its own scope: verify-later, leak checks and notification
/// expectations, under the global `verifyLater(_:)`, `expectDeallocation(of:)` and
/// `expectNotification(_:)` that both frameworks call.
extension ScopeRuntime {
  /// The running test's scope: the current scope when it belongs to a test, else `nil`.
  package static var currentTest: ScopeRuntime? {
    guard let current, current.kind == .test else { return nil }
    return current
  }

  /// Verifies `subject` when the test body ends, after the test's work has been awaited; a
  /// verification that throws is reported at `location`.
  ///
  /// The subject is verified after the body is over, never concurrently with the test's code.
  package func verifyLater(_ subject: any SelfVerifying, at location: CodeLocation) {
    let subjectType = String(describing: type(of: subject))
    let subject = UncheckedSendable(subject)
    addBodyEndCheck(.verify) {
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

  /// Checks, once every teardown of the test has run, that `object` has been deallocated; a
  /// survivor is reported with its type at `location`. Only a weak reference is kept.
  package func expectDeallocation(of object: AnyObject, at location: CodeLocation) {
    let objectType = String(describing: type(of: object))
    let reference = WeakReference(object)
    addAfterTeardownCheck {
      guard reference.object != nil else { return [] }
      return [
        CleanSlateError(
          .objectLeaked,
          summary: "\(objectType) was still alive after every teardown of the test.",
          location: location,
          advice:
            "Something still holds it: a retain cycle, a cache, a global, or a stored property of an XCTest test case (use @Resettable for those)."
        )
      ]
    }
  }
}

/// A weak reference that the engine's checks can read from any thread.
private final class WeakReference: @unchecked Sendable {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

/// A value handed to a check that runs after the test's code is over, never concurrently with
/// it.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
