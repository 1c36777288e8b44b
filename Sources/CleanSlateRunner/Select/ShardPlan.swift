package import CleanSlate

/// The split of a package's tests into shards: each test in exactly one, the same split for the
/// same inputs on every machine.
///
/// With timings, tests are taken longest first (ties by name) and each goes to the shard with the
/// least time so far (ties to the one with fewer tests, then to the lowest number): shards end up
/// within about one test's duration of each other, and tests too short to time spread evenly. A test with no known duration counts as the median of the known ones. Tests
/// are split at the test level: the tests of one class or suite may land in several shards, and
/// each such shard sets up that suite's fixtures once for its own tests.
///
/// Without timings (or when none of the tests has one) the tests are split by count, in the
/// order listed: shard 1 the first tests, and so on, their sizes differing by one at most, which
/// keeps a class's tests together.
package struct ShardPlan: Sendable, Equatable {
  /// One shard: its tests, in the order listed, and the time they are expected to take.
  package struct Shard: Sendable, Equatable {
    /// Its tests, in the order `swift test list` printed them.
    package var tests: [TestName]
    /// What its tests took in earlier runs (unknown ones as the median), in microseconds; the
    /// number of tests when the split is by count.
    package var load: Int64
  }

  /// How the tests were weighed.
  package enum Basis: Sendable, Equatable {
    /// By their durations: `known` tests had one, the others counted as `median` microseconds.
    case timings(known: Int, median: Int64)
    /// By count: no test had a duration.
    case count
  }

  /// The shards, shard 1 first.
  package let shards: [Shard]
  /// How the tests were weighed.
  package let basis: Basis

  /// Splits `tests` (as `swift test list` prints them, each once) into `count` shards, by
  /// `timings` when any of them has one.
  package init(_ tests: [TestName], count: Int, timings: TestTimings = TestTimings()) {
    let count = max(1, count)
    let known = tests.compactMap { name in timings.micros(of: name).map { (name, $0) } }
    guard !known.isEmpty else {
      shards = (0..<count).map { shard in
        let range = (tests.count * shard / count)..<(tests.count * (shard + 1) / count)
        return Shard(tests: Array(tests[range]), load: Int64(range.count))
      }
      basis = .count
      return
    }
    let median = Self.median(known.map(\.1))
    let durations = Dictionary(known, uniquingKeysWith: { first, _ in first })
    let order = tests.enumerated().map { (position: $0.offset, name: $0.element) }
      .map { ($0.position, $0.name, durations[$0.name] ?? median) }
      .sorted { ($0.2, $1.1) > ($1.2, $0.1) }
    var loads = [Int64](repeating: 0, count: count)
    var members = [[Int]](repeating: [], count: count)
    for (position, _, duration) in order {
      let lightest = loads.indices.min {
        (loads[$0], members[$0].count, $0) < (loads[$1], members[$1].count, $1)
      }!
      loads[lightest] += duration
      members[lightest].append(position)
    }
    shards = (0..<count).map { shard in
      Shard(tests: members[shard].sorted().map { tests[$0] }, load: loads[shard])
    }
    basis = .timings(known: known.count, median: median)
  }

  /// The tests of shard `spec.index` (`spec.count` must be the plan's count).
  package func tests(of spec: ShardSpec) -> [TestName] { shards[spec.index - 1].tests }

  /// The load of the most loaded shard against the mean load: 1 for a perfect balance.
  package var imbalance: Double {
    let loads = shards.map { Double($0.load) }
    let mean = loads.reduce(0, +) / Double(loads.count)
    return mean > 0 ? loads.max()! / mean : 1
  }

  /// The middle value of `values` (the mean of the two middle ones for an even count).
  static func median(_ values: [Int64]) -> Int64 {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
