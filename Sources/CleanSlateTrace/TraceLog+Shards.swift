extension TraceLog {
  /// The processes of one run identifier in a log (`CLEANSLATE_RUN_ID`, or the processes of one
  /// `swift test`): each shard of `cleanslate test --shard K/N --trace` is one, and a trace of one
  /// `swift test` is one shard of one.
  package struct Shard: Sendable, Equatable {
    /// Its run identifier.
    package var name: String
    /// How many test processes it had.
    package var processes: Int
    /// How long it lasted, from its first process's start to its last event, in microseconds.
    package var micros: Int64

    /// A shard of `processes` processes that lasted `micros` microseconds.
    package init(name: String, processes: Int, micros: Int64) {
      self.name = name
      self.processes = processes
      self.micros = micros
    }
  }

  /// The shards of the log, in the order their first process was read.
  package var shards: [Shard] {
    var runs: [Shard] = []
    var bounds: [String: (index: Int, start: Int64, end: Int64)] = [:]
    for process in processes {
      let start = min(process.startMicros, process.events.first?.startMicros ?? process.startMicros)
      var end = start
      if !process.events.isEmpty {
        end = process.events[0].timeMicros
        for index in process.events.indices { end = max(end, process.events[index].timeMicros) }
      }
      if let known = bounds[process.run] {
        bounds[process.run] = (known.index, min(known.start, start), max(known.end, end))
        runs[known.index].processes += 1
      } else {
        bounds[process.run] = (runs.count, start, end)
        runs.append(Shard(name: process.run, processes: 1, micros: 0))
      }
    }
    for (_, bound) in bounds { runs[bound.index].micros = bound.end - bound.start }
    return runs
  }

  /// How balanced the shards are, when there are several (the shards of one CI run): the longest
  /// against the mean, then each one's length; nothing for a single one.
  package var shardBalanceLines: [String] {
    let runs = shards
    guard runs.count > 1 else { return [] }
    let longest = runs.map(\.micros).max() ?? 0
    let mean = Double(runs.map(\.micros).reduce(0, +)) / Double(runs.count)
    let ratio = mean > 0 ? Double(longest) / mean : 1
    var lines = [
      "Runs (shards): \(runs.count); the longest lasted \(Hundredths.seconds(micros: Double(longest))) against a mean of \(Hundredths.seconds(micros: mean)) (\(Hundredths.text(ratio)))."
    ]
    for run in runs {
      let processes = "\(run.processes) process\(run.processes == 1 ? "" : "es")"
      lines.append("  \(run.name): \(Hundredths.seconds(micros: Double(run.micros))), \(processes)")
    }
    return lines
  }
}
