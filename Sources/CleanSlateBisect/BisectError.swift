/// Why `cleanslate bisect` cannot find a polluter, in words a user can act on.
package struct BisectError: Error, CustomStringConvertible, Equatable {
  /// What went wrong.
  package enum Reason: Sendable, Equatable {
    /// The package has no test build to run with `--skip-build`.
    case buildMissing
    /// No test of that name.
    case unknownVictim
    /// No test runs before the victim.
    case nothingRunsBefore
    /// The victim fails when it runs alone: another test is not the cause.
    case failsAlone
    /// The victim passes after every test that runs before it.
    case passesAfterEveryTest
    /// `swift test` itself could not be run or listed.
    case swiftTestFailed
  }

  package var reason: Reason
  package var description: String

  package init(_ reason: Reason, _ description: String) {
    self.reason = reason
    self.description = description
  }
}
