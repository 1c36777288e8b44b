/// The error `use(_:)` throws when a fixture cannot be set up, once the failure has been
/// recorded on the test.
///
/// The failure itself — which fixture, why, where it was asked for and declared — is recorded on
/// the running test as it happens, so the test fails whether or not its code catches this error,
/// and nothing records it a second time: the integrations recognise this error and leave it
/// alone. Catch it only to carry on without the fixture:
///
/// ```swift
/// let cache = try? await use(.cache)   // the test fails all the same if the cache is broken
/// ```
///
/// To check a fixture's own failure, use ``expectSetupFailure(fileID:filePath:line:column:_:)``,
/// which returns the failure without recording it.
public struct FixtureUnavailable: Error, Sendable, CustomStringConvertible {
  /// The failure, as it was recorded on the test.
  public let failure: CleanSlateError

  /// Wraps a recorded failure.
  package init(_ failure: CleanSlateError) {
    self.failure = failure
  }

  /// One line naming the fixture and where its failure was recorded.
  public var description: String {
    "Fixture '\(failure.fixture ?? failure.dependencyPath.first ?? "?")' is unavailable; its failure was recorded at \(failure.location)."
  }
}
