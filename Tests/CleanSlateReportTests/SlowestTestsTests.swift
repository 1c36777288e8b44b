import Testing

@testable import CleanSlateReport

/// The slowest tests, picked in one pass: the same as sorting every test by duration, the first
/// of equally long tests first.
@Suite struct SlowestTestsTests {
  @Test func theyAreTheFirstOfAllTestsSortedByDuration() {
    // Given tests of a few durations, several equally long
    var report = LifecycleReport()
    for (index, duration) in [5, 9, 1, 9, 0, 5, 12, 9, 3].enumerated() {
      report.tests.append(
        LifecycleReport.Test(
          id: index + 1, name: "Suite/t\(index)()", suite: "Suite", process: 0,
          start: 100, end: 100 + Int64(duration), outcome: .passed))
    }
    let sorted = report.tests.sorted { ($0.duration, $1.id) > ($1.duration, $0.id) }

    // Then every count picks the first of them, in order
    for count in 0...(report.tests.count + 2) {
      #expect(report.slowestTests(count).map(\.id) == sorted.prefix(count).map(\.id))
    }
  }
}
