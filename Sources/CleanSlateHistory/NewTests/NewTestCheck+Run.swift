package import CleanSlate
package import CleanSlateRunner
package import CleanSlateTestProcess
import Foundation

extension NewTestCheck {
  /// Runs the tests of `result` that passed and that the store had never seen pass, `newTests`,
  /// again in rounds (``rounds(of:selected:sessionSeconds:overhead:oneAtATime:)``), each round one
  /// launch of its tests as the session launched them; each test's end in a round is a check
  /// attempt of its record, in the last repetition (a failure there makes it flaky), and a crash
  /// is the session's. Stops early when a round past the floor (``floorRuns``) would pass the
  /// share of the session's time.
  ///
  /// - Returns: The tests it checked.
  package func check(
    _ result: inout SessionResult, newTests: Set<TestName>, selected: Int,
    sessionSeconds: Double, launcher: some TestLaunching, repetition: Int,
    events: SessionEvents
  ) async throws -> [TestName] {
    let candidates = result.records.filter { newTests.contains($0.name) && $0.verdict == .passed }
    let plan = rounds(
      of: candidates.map { ($0.name.listed, $0.seconds) }, selected: selected,
      sessionSeconds: sessionSeconds, overhead: Self.launchOverhead, oneAtATime: false)
    guard !plan.isEmpty else { return [] }
    let checked = candidates.map(\.name).filter { name in plan[0].contains(name.listed) }
    events.send(
      .note(
        "Checking \(checked.count) new test\(checked.count == 1 ? "" : "s") the store of runs has never seen pass: up to \(plan.count) more run\(plan.count == 1 ? "" : "s") each, within \(Int((share * 100).rounded())) % of the session's \(Int(sessionSeconds.rounded())) s."
      ))
    let budget = share * sessionSeconds
    var spent = 0.0
    var last = 0.0
    for (index, round) in plan.enumerated() {
      // The floor's rounds run whatever they cost; the others within the share.
      guard index < Self.floorRuns || spent + last <= budget else { break }
      let tests = round.map { TestName($0) }
      let start = ContinuousClock.now
      let launch = try await launcher.launch(tests)
      last = (ContinuousClock.now - start).inSeconds
      spent += last
      for crash in launch.crashes {
        let blame: SessionCrash.Blame
        if let test = crash.test {
          blame = .pinned(test)
        } else {
          blame = .notReproduced(crash.running)
        }
        result.crashes.append(SessionCrash(crash, repetition: repetition, blame: blame))
      }
      for test in tests {
        guard let index = result.records.firstIndex(where: { $0.name == test }) else { continue }
        result.records[index].attempts.append(
          TestRecord.Attempt(
            repetition: repetition, end: launch.endOrUnfinished(of: test), alone: tests.count == 1,
            check: true))
      }
    }
    return checked
  }

  /// What one launch costs besides its tests, as the session's direct launches measure it.
  static let launchOverhead = 0.3
}
