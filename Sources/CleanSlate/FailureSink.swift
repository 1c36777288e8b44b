/// Where a scope's failures go: how an integration records a CleanSlate failure in its test
/// framework, and what a failed test's fixtures note and attach.
///
/// It is the one channel every failure takes. The engine hands each failure to the sink of the
/// scope it belongs to (or of the nearest scope around it that has one) once, where the
/// failure is found: in the task that asked for a broken fixture, so that a surrounding
/// `withKnownIssue` sees it; when the body ends, for the checks that run then; as the scope
/// ends, for its teardowns and its after-teardown checks. A failure found where no scope has a
/// sink goes to ``FailuresOutsideTests``.
package struct FailureSink: Sendable {
  /// Records a failure on the framework's running test or suite, at the failure's location, and
  /// returns whether the framework counts it as a failure of the test (Swift Testing does not
  /// count one inside `withKnownIssue`).
  let record: @Sendable (CleanSlateError) -> Bool
  /// What `use(_:)` throws once it has recorded a setup failure: an error the integration
  /// recognises, so that it never records it again.
  let thrownAfterRecording: @Sendable (CleanSlateError) -> any Error
  /// Records an error the test's own code threw, at once, when the framework would record it
  /// only later (XCTest, after the end of the body has been checked); `nil` leaves it to the
  /// framework, which receives it rethrown.
  let recordThrown: (@Sendable (any Error) -> Void)?
  /// Shows what a failed test's fixtures note, as the framework shows what is not a failure.
  let note: @Sendable (FailureNote) -> Void
  /// Attaches what a failed test's fixtures offer, and its lifecycle outline, to the test.
  let attach: @Sendable (FailureAttachment) -> Void

  /// Creates a sink.
  ///
  /// - Parameters:
  ///   - record: Records a failure on the running test or suite; returns whether it counts as
  ///     a failure of the test.
  ///   - thrownAfterRecording: The error `use(_:)` throws after a recorded setup failure;
  ///     ``FixtureUnavailable`` by default.
  ///   - recordThrown: Records an error the test's code threw, when the framework would record
  ///     it too late; by default the framework records it.
  ///   - note: Shows a failed test's note; by default nothing is shown.
  ///   - attach: Attaches a failed test's attachment; by default nothing is attached.
  package init(
    record: @escaping @Sendable (CleanSlateError) -> Bool,
    thrownAfterRecording: @escaping @Sendable (CleanSlateError) -> any Error = {
      FixtureUnavailable($0)
    },
    recordThrown: (@Sendable (any Error) -> Void)? = nil,
    note: @escaping @Sendable (FailureNote) -> Void = { _ in },
    attach: @escaping @Sendable (FailureAttachment) -> Void = { _ in }
  ) {
    self.record = record
    self.thrownAfterRecording = thrownAfterRecording
    self.recordThrown = recordThrown
    self.note = note
    self.attach = attach
  }

  /// A sink whose every failure counts as one.
  package init(record: @escaping @Sendable (CleanSlateError) -> Void) {
    self.init(record: { failure in
      record(failure)
      return true
    })
  }
}

extension FailureSink {
  /// How the integrations record a failure found where no scope is current on the test their
  /// framework runs without one: `use(_:)` called from a plain `XCTestCase`, a check made in a
  /// Swift Testing test without the trait. Each returns the error to throw after recording, or
  /// `nil` when it did not record it (none of its tests runs, or `throwing` is set and its
  /// framework records a thrown error itself).
  package typealias OutsideScopes =
    @Sendable (_ failure: CleanSlateError, _ throwing: Bool) -> (any Error)?

  private static let outsideScopes = Locked<[OutsideScopes]>([])

  /// Adds an integration's way of recording failures found outside any scope.
  package static func recordOutsideScopes(with recorder: @escaping OutsideScopes) {
    outsideScopes.withLock { $0.append(recorder) }
  }

  /// Records `failure` through the first integration that takes it, and returns the error to
  /// throw then; `nil` when none took it.
  static func recordOutsideScopes(_ failure: CleanSlateError, throwing: Bool) -> (any Error)? {
    for recorder in outsideScopes.value {
      if let thrown = recorder(failure, throwing) { return thrown }
    }
    return nil
  }

  /// The sink `expectSetupFailure(_:)` installs for the setup failures of its body: they are
  /// kept for it to return, never recorded.
  @TaskLocal static var forSetupFailures: FailureSink?

  /// Where a failed test's attachments go instead of its sink's ``attach``, in both frameworks,
  /// when CleanSlate's own tests set it.
  @TaskLocal package static var attachmentsDiverted: (@Sendable (FailureAttachment) -> Void)?
}
