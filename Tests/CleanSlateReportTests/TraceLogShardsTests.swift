import CleanSlate
import CleanSlateTrace
import Testing

/// The traces of several shards read together (of one CI run, `cleanslate test --shard K/N
/// --trace`) say how long each lasted and how balanced they were.
@Suite struct TraceLogShardsTests {
  /// A process of `run` that started at `start` (seconds) and whose last event came at `end`.
  private func process(_ run: String, pid: Int, from start: Int64, to end: Int64) -> TraceProcess {
    var process = TraceProcess(
      run: run, pid: pid, host: "h", command: "c", startMicros: start * 1_000_000)
    let event = LifecycleEvent(phase: .scopeEnd, scope: .process, scopeName: "process")
    process.events = [TimedEvent(timeMicros: end * 1_000_000, event: event)]
    return process
  }

  @Test func eachShardLastsFromItsFirstProcessToItsLastEvent() {
    // Given two shards of two processes each (XCTest's and Swift Testing's), and a third shard
    let log = TraceLog(processes: [
      process("shard-1-of-3", pid: 1, from: 100, to: 110),
      process("shard-1-of-3", pid: 2, from: 111, to: 130),
      process("shard-2-of-3", pid: 3, from: 100, to: 124),
      process("shard-3-of-3", pid: 4, from: 101, to: 120),
      process("shard-2-of-3", pid: 5, from: 124, to: 127),
    ])

    // Then each shard is measured once, over its processes, and the longest set against the mean
    #expect(
      log.shards == [
        .init(name: "shard-1-of-3", processes: 2, micros: 30_000_000),
        .init(name: "shard-2-of-3", processes: 2, micros: 27_000_000),
        .init(name: "shard-3-of-3", processes: 1, micros: 19_000_000),
      ])
    #expect(
      log.shardBalanceLines == [
        "Runs (shards): 3; the longest lasted 30.00 s against a mean of 25.33 s (1.18).",
        "  shard-1-of-3: 30.00 s, 2 processes",
        "  shard-2-of-3: 27.00 s, 2 processes",
        "  shard-3-of-3: 19.00 s, 1 process",
      ])
  }

  @Test func oneShardHasNoBalanceToShow() {
    let log = TraceLog(processes: [process("r", pid: 1, from: 0, to: 5)])

    #expect(log.shardBalanceLines.isEmpty)
  }
}
