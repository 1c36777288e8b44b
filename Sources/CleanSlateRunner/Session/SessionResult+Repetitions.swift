package import CleanSlate
import CleanSlateTestProcess

extension SessionResult {
  /// The first repetition that has a failure, when one has: a test whose verdict there is
  /// failed or timed out (every attempt of it in that repetition failed: one that failed, then
  /// passed when run again alone, is flaky, not a failure), a crash of a test process held
  /// against a test outside `quarantined` (or none), or a failure no test accounts for.
  package func failedRepetition(quarantined: Set<TestName> = []) -> Int? {
    var failing = records.compactMap { record in
      record.failedRepetitions.first
    }
    failing += crashes.filter { $0.tests.isEmpty || !$0.tests.allSatisfy(quarantined.contains) }
      .map(\.repetition)
    failing += unplaced.map(\.repetition)
    return failing.min()
  }

  /// The tests whose verdict in `repetition` is failed or timed out, in the order of the
  /// selection.
  package func testsFailing(inRepetition repetition: Int) -> [TestName] {
    records.filter { $0.failedRepetitions.contains(repetition) }.map(\.name)
  }
}

extension TestRecord {
  /// The repetitions whose verdict for it is failed or timed out, in order.
  package var failedRepetitions: [Int] {
    Dictionary(grouping: attempts, by: \.repetition).sorted { $0.key < $1.key }
      .filter { [.failed, .timedOut].contains(Self.verdict(of: $0.value)) }.map(\.key)
  }
}
