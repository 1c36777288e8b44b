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
  package static func settled(within limit: Duration = .seconds(2)) -> [Kind: Int] {
    let deadline = ContinuousClock.now + limit
    var counts = current
    while counts[.teardownSequence, default: 0] > 0, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
      counts = current
    }
    return counts
  }
}
