/// One shard of a split of the tests into several, as `--shard K/N` names it: shard `index` of
/// `count`, numbered from 1.
package struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
  /// The shard's number, from 1 to ``count``.
  package let index: Int
  /// How many shards the tests are split into.
  package let count: Int

  /// The shard `index` of `count`; `nil` unless `1 <= index <= count`.
  package init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Reads `K/N`, as `2/4`; throws an error that says what is wrong and how to write it.
  package init(parsing text: String) throws(RunnerError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw RunnerError(
        .badShard,
        "'\(text)' is not a shard: write K/N, the shard K of N shards, as 2/4 (numbered from 1).")
    }
    guard count >= 1 else {
      throw RunnerError(
        .badShard, "'\(text)' has no shard: there must be at least 1 shard, as 1/1 or 2/4.")
    }
    guard let shard = ShardSpec(index: index, count: count) else {
      throw RunnerError(
        .badShard,
        "'\(text)' names shard \(index) of \(count): shards are numbered from 1 to \(count).")
    }
    self = shard
  }

  /// `2/4`.
  package var description: String { "\(index)/\(count)" }
}
