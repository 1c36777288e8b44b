/// A failure a launch's frameworks reported that no counted test accounts for: a test process
/// that failed while every test it ran passed, a failure recorded outside any test, a test its
/// framework ran or failed that the count does not hold as failed.
///
/// Whatever hid it from the count (a form of test the list missed, a process that failed after
/// its last test, a line the reader did not know), it fails the session: a runner must never
/// report a clean run its tests did not have. It cannot be retried, since no test holds it.
package struct UnplacedFailure: Sendable, Equatable, CustomStringConvertible {
  /// What was seen, in one line: which process or test, and what its framework said.
  package var words: String
  /// The repetition of the selection it was seen in, from 1.
  package var repetition = 1

  package init(_ words: String, repetition: Int = 1) {
    self.words = words
    self.repetition = repetition
  }

  package var description: String { words }
}
