/// A random number generator that draws the same numbers every time it starts from the same
/// seed: what `use(.seededRandom)` gives each test.
///
/// ```swift
/// var random = try await use(.seededRandom)
/// let roll = Int.random(in: 1...6, using: &random)
/// let deck = cards.shuffled(using: &random)
/// ```
///
/// It is a reference: every use of the fixture in one test, and every copy, draws the next
/// numbers of the test's one sequence. It may be used from several threads at once (in an order
/// the threads decide, which a test that wants the same draws every time avoids). Its numbers
/// come from SplitMix64: fast and well spread, for tests, not for cryptography.
public final class SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  /// The seed the sequence starts from.
  public let seed: UInt64
  private let state: Locked<UInt64>

  /// Creates a generator that draws the sequence of `seed`.
  public init(seed: UInt64) {
    self.seed = seed
    state = Locked(seed)
  }

  /// Returns the next number of the sequence.
  public func next() -> UInt64 {
    state.withLock { state in
      state &+= Self.increment
      return Self.mix(state)
    }
  }

  /// SplitMix64's step, Weyl's golden-ratio increment.
  private static let increment: UInt64 = 0x9e37_79b9_7f4a_7c15

  /// SplitMix64's finalizer: spreads every bit of `value` over the result.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
