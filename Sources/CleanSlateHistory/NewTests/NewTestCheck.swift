/// How a session checks the tests its store has never seen pass, before they merge: each runs
/// again, up to ten times for a test under a second and fewer for slower ones, within a share of
/// the session's time — and a test under a second at least five times, however short the session
/// (``floorRuns``): a tenth of a one-second session is less than one launch.
///
/// A new test that fails in any of those runs is flaky before it merges. A test failing in a
/// fifth of its runs, run eleven times (the session's run and ten more), fails in at least one in
/// 91 % of sessions; run six times (the floor), in 74 %. When most of a session's tests are new (a
/// store's first session, a suite renamed), the check is not made: it would cost the whole
/// suite's time again and again.
package struct NewTestCheck: Sendable, Equatable {
  /// The share of the session's own time the checks may add.
  package var share: Double
  /// When more than this share of the selection is new, no test is checked.
  package var newShareLimit = 0.3

  /// The default share of the session's time: a tenth.
  package static let defaultShare = 0.1

  /// How many more runs a new test under a second gets whatever the share allows: five.
  package static let floorRuns = 5

  package init(share: Double = NewTestCheck.defaultShare) {
    self.share = share
  }

  /// How many more runs a new test gets, by how long its run took: ten under a second, five under
  /// five seconds, three under thirty, two under five minutes, else one.
  package static func runs(forSeconds seconds: Double) -> Int {
    switch seconds {
    case ..<1: 10
    case ..<5: 5
    case ..<30: 3
    case ..<300: 2
    default: 1
    }
  }

  /// Which of `tests` the check runs again, in each round: round `n` holds the tests whose runs
  /// (``runs(forSeconds:)``) are `n` or more, as long as the rounds so far, each costing
  /// `overhead` and the longest of its tests' durations (they run at once, as the session ran
  /// them, or the sum when `oneAtATime`), fit the share of `sessionSeconds`. The first
  /// ``floorRuns`` rounds hold the tests under a second even past the share.
  ///
  /// - Returns: The rounds, each the tests it runs; none when the share is 0, no test is new or
  ///   too many are (more than ``newShareLimit`` of `selected`).
  package func rounds(
    of tests: [(name: String, seconds: Double)], selected: Int, sessionSeconds: Double,
    overhead: Double, oneAtATime: Bool
  ) -> [[String]] {
    guard share > 0, !tests.isEmpty,
      Double(tests.count) <= newShareLimit * Double(max(selected, 1))
    else {
      return []
    }
    let budget = share * sessionSeconds
    var spent = 0.0
    var rounds: [[String]] = []
    func cost(_ round: [(name: String, seconds: Double)]) -> Double {
      let durations = round.map(\.seconds)
      return overhead + (oneAtATime ? durations.reduce(0, +) : durations.max() ?? 0)
    }
    for round in 1...10 {
      var inRound = tests.filter { Self.runs(forSeconds: $0.seconds) >= round }
      if spent + cost(inRound) > budget {
        // Past the share, the floor: the tests under a second, in the first rounds.
        guard round <= Self.floorRuns else { break }
        inRound = inRound.filter { $0.seconds < 1 }
      }
      guard !inRound.isEmpty else { break }
      spent += cost(inRound)
      rounds.append(inRound.map(\.name))
    }
    return rounds
  }
}
