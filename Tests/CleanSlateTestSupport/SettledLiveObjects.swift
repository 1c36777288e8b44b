package import CleanSlate
import Foundation

extension LiveObjects {
  /// The live counts once no teardown sequence is left alive, waiting at most `limit`.
  ///
  /// The task that ends a scope goes on as soon as its teardowns have run, while the thread that
  /// ran the last of them may still be returning, holding the sequence (and through it the
  /// scope) for a moment longer. On a busy machine that moment can outlast the test, so counts
  /// taken right after one would sometimes include it. A sequence kept for longer than `limit`
  /// is counted as alive, as is anything else still held.
  ///
  /// - Parameter ceiling: Counts to wait for too, when a caller expects no more than them (those
  ///   before a run that should have freed everything it made): what a finished test held is let
  ///   go by the threads and tasks that ended it, a moment after it ended. Counts still above
  ///   them once `limit` has passed are returned as they are.
  package static func settled(
    atMost ceiling: [Kind: Int]? = nil, within limit: Duration = .seconds(2)
  ) -> [Kind: Int] {
    let deadline = ContinuousClock.now + limit
    var counts = current
    while counts[.teardownSequence, default: 0] > 0
      || (ceiling.map { counts.exceeds($0) } ?? false),
      ContinuousClock.now < deadline
    {
      Thread.sleep(forTimeInterval: 0.005)
      counts = current
    }
    return counts
  }
}

extension [LiveObjects.Kind: Int] {
  /// Whether any kind has more live objects here than in `ceiling`.
  package func exceeds(_ ceiling: Self) -> Bool {
    contains { kind, count in count > ceiling[kind, default: 0] }
  }
}
