package import CleanSlate
import CleanSlateTestProcess

extension SessionResult {
  /// Whether `repetition` has a failure: a test whose verdict there is failed or timed out
  /// (every attempt of it in that repetition failed: one that failed, then passed when run again
  /// alone, is flaky, not a failure), a crash of a test process in it held against a test outside
  /// `quarantined` (or none), or a failure no test accounts for.
  package func hasFailure(inRepetition repetition: Int, quarantined: Set<TestName> = []) -> Bool {
    records.contains { $0.failed(inRepetition: repetition) }
      || crashes.contains {
        $0.repetition == repetition
          && ($0.tests.isEmpty || !$0.tests.allSatisfy(quarantined.contains))
      }
      || unplaced.contains { $0.repetition == repetition }
  }

  /// The first repetition that ran and has a failure (``hasFailure(inRepetition:quarantined:)``).
  package func failedRepetition(quarantined: Set<TestName> = []) -> Int? {
    (1...max(1, repetitionsRan)).first {
      hasFailure(inRepetition: $0, quarantined: quarantined)
    }
  }

  /// The tests whose verdict in `repetition` is failed or timed out, in the order of the
  /// selection.
  package func testsFailing(inRepetition repetition: Int) -> [TestName] {
    records.filter { $0.failed(inRepetition: repetition) }.map(\.name)
  }
}

extension TestRecord {
  /// Whether its verdict in `repetition` (``verdict(of:)`` of that repetition's attempts) is
  /// failed or timed out.
  package func failed(inRepetition repetition: Int) -> Bool {
    let ran = attempts.filter { $0.repetition == repetition }
    return !ran.isEmpty && [.failed, .timedOut].contains(Self.verdict(of: ran))
  }
}
