/// Why `cleanslate test` cannot run the tests it was asked to, in words a user can act on.
package struct RunnerError: Error, CustomStringConvertible, Equatable {
  /// What went wrong.
  package enum Reason: Sendable, Equatable {
    /// A `--shard` that is not `K/N` with `1 <= K <= N`.
    case badShard
    /// A `--filter` that is not a regular expression.
    case badFilter
    /// The filter matches no listed test.
    case nothingSelected
    /// The package has no test build to run with `--skip-build`.
    case buildMissing
    /// `swift build` failed.
    case buildFailed
    /// `swift test list` failed.
    case listFailed
    /// An output file cannot be written.
    case cannotWrite
  }

  /// What went wrong.
  package var reason: Reason
  /// What went wrong and what to do about it, in a sentence or two.
  package var description: String

  /// An error of `reason`, described by `description`.
  package init(_ reason: Reason, _ description: String) {
    self.reason = reason
    self.description = description
  }
}
