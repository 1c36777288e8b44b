import CleanSlate
import CleanSlateRunner
import Testing

/// `--shard K/N` names shard K of N, numbered from 1; anything else is an error that says how to
/// write it.
@Suite struct ShardSpecTests {
  @Test func readsKOfN() throws {
    let spec = try ShardSpec(parsing: "2/4")

    #expect(spec.index == 2)
    #expect(spec.count == 4)
    #expect("\(spec)" == "2/4")
  }

  @Test(arguments: [
    ("x", "'x' is not a shard: write K/N, the shard K of N shards, as 2/4 (numbered from 1)."),
    ("2", "'2' is not a shard: write K/N, the shard K of N shards, as 2/4 (numbered from 1)."),
    (
      "1/2/3",
      "'1/2/3' is not a shard: write K/N, the shard K of N shards, as 2/4 (numbered from 1)."
    ),
    ("0/4", "'0/4' names shard 0 of 4: shards are numbered from 1 to 4."),
    ("5/4", "'5/4' names shard 5 of 4: shards are numbered from 1 to 4."),
    ("-1/4", "'-1/4' names shard -1 of 4: shards are numbered from 1 to 4."),
    ("1/0", "'1/0' has no shard: there must be at least 1 shard, as 1/1 or 2/4."),
  ])
  func aBadShardIsAClearError(text: String, message: String) {
    #expect(throws: RunnerError(.badShard, message)) { try ShardSpec(parsing: text) }
  }
}
