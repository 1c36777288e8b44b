internal import CleanSlate

/// Numbers launches, from 1, safely from any thread.
package final class LaunchCounter: Sendable {
  private let count = Locked(0)

  /// A counter whose first number is 1.
  package init() {}

  /// The next number.
  package func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}
