/// Which running tests have run past another period of `--slow-after`, each told once a period:
/// at 60 s, at 120 s, … of its own run, however often it is asked.
struct SlowTests {
  /// The period; `nil`: no test is ever slow.
  let period: Duration?
  /// How many periods each running test has been told, by its framework's name.
  private var told: [String: Int] = [:]

  /// Slow tests by `period`.
  init(period: Duration?) {
    self.period = period.flatMap { $0 > .zero ? $0 : nil }
  }

  /// The tests of `running` that have run another whole period by `now`, each with the time it has
  /// run (a whole number of periods), oldest first; a test told before and not past its next
  /// period is not told again.
  mutating func due(
    among running: some Collection<StartedTests.Running>, at now: ContinuousClock.Instant
  ) -> [TestProgress] {
    guard let period else { return [] }
    let names = Set(running.map(\.name))
    told = told.filter { names.contains($0.key) }
    var due: [TestProgress] = []
    for test in running.sorted(by: { $0.since < $1.since }) {
      let periods = Int((now - test.since) / period)
      guard periods > told[test.name, default: 0] else { continue }
      told[test.name] = periods
      due.append(TestProgress(test.name, .slow(running: period * periods)))
    }
    return due
  }
}
