import Testing

@testable import CleanSlateHistory

/// A PostgreSQL store sends each session's results packed in one text, a line a result: read
/// back, each is the result that was written, and a text that is not what the query makes is an
/// error that quotes the line, never a result made up.
@Suite struct PackedResultsTests {
  @Test func eachLineIsAResultOfTheSession() throws {
    // Given three lines: a pass, a flaky test quarantined, and a verdict this version lacks
    let flaky = StoredVerdict.allCases.firstIndex(of: .flaky)! + 1
    let text = "7 1 0 0 1\n8 2 1 1 \(flaky)\n9 1 1 0 0"
    var results: [StoredHistory.Result] = []

    // When they are read for session 4, tests 7 and 8 known, 9 known as well
    try PackedResults.read(text, session: 4, tests: [7: 0, 8: 1, 9: 2], into: &results)

    // Then each is its result, the unknown verdict a skipped one
    #expect(
      results == [
        .init(
          session: 4, test: 0, verdict: StoredVerdict.allCases[0], runs: 1, failures: 0,
          quarantined: false),
        .init(session: 4, test: 1, verdict: .flaky, runs: 2, failures: 1, quarantined: true),
        .init(session: 4, test: 2, verdict: .skipped, runs: 1, failures: 1, quarantined: false),
      ])
  }

  @Test func aTestNotInTheListIsLeftOutAndAnEmptyTextIsNoResult() throws {
    var results: [StoredHistory.Result] = []
    try PackedResults.read("5 1 0 0 1\n6 1 0 0 1", session: 0, tests: [6: 3], into: &results)
    try PackedResults.read("", session: 1, tests: [6: 3], into: &results)
    #expect(results.map(\.test) == [3])
  }

  @Test(arguments: ["7 1 0 0", "7 1 0 0 1 9", "7 1 x 0 1", "7  1 0 0 1", "7 1 0 0 1\n\n"])
  func aLineThatIsNotFiveNumbersIsAnErrorThatQuotesIt(text: String) {
    var results: [StoredHistory.Result] = []
    let error = #expect(throws: PackedResults.Malformed.self) {
      try PackedResults.read(text, session: 0, tests: [7: 0], into: &results)
    }
    #expect(error?.description.hasPrefix("a result the store sent is not five numbers: ") == true)
    #expect(results.isEmpty || text == "7 1 0 0 1\n\n")
  }
}
