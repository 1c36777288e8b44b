/// The checks a test registers on its own scope: verify-later, leak checks and notification
/// expectations. Each integration's `verifyLater(_:)`, `expectDeallocation(of:)` and
/// `expectNotification(_:)` is a thin adapter over these, so both frameworks check the same
/// things, at the same moments, with the same messages.
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

extension CleanSlateError {
  /// The failure for a check registered where no test is running.
  ///
  /// - Parameters:
  ///   - call: The call as the user wrote it, as `verifyLater(Mock)`.
  ///   - location: Where it was called.
  ///   - advice: Where to call it instead, in the integration's terms, for a call made where
  ///     no test runs at all.
  package static func calledOutsideTest(
    _ call: String, at location: CodeLocation, advice: String
  ) -> CleanSlateError {
    noScope(for: call, at: location, fallbackAdvice: advice)
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
