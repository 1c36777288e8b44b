import CleanSlateHistory
import Foundation
import Testing

/// The quarantine file: one entry a line, read strictly (a line that is not an entry is an error
/// naming its line, before anything runs), written back with its comments as they were.
@Suite struct QuarantineFileTests {
  let text = """
    # Our quarantine.
    ShopTests.OrderXCTests/testOrderAsJSON | added 2026-11-01 | until 2026-12-31 | hash order (#212)

    ShopTests.ShopSuites/Ports/listensOnThePort() | added 2026-11-20 | until 2027-01-15 | parallel: port 23812 | owner: web team

    """

  @Test func entriesAreReadWithTheirDatesAndReasons() throws {
    // When the file is read
    let file = try QuarantineFile(parsing: text, path: "quarantine.txt")

    // Then each entry has its test, dates and reason (a reason may hold the separator)
    #expect(
      file.entries == [
        QuarantineEntry(
          test: "ShopTests.OrderXCTests/testOrderAsJSON", added: QuarantineDate("2026-11-01")!,
          until: QuarantineDate("2026-12-31")!, reason: "hash order (#212)"),
        QuarantineEntry(
          test: "ShopTests.ShopSuites/Ports/listensOnThePort()",
          added: QuarantineDate("2026-11-20")!, until: QuarantineDate("2027-01-15")!,
          reason: "parallel: port 23812 | owner: web team"),
      ])
    // And it is written back as it was
    #expect(file.text == text)
  }

  @Test func anEntryIsAddedReplacedAndRemovedWithTheCommentsKept() throws {
    // Given the file
    var file = try QuarantineFile(parsing: text, path: "quarantine.txt")

    // When one entry is replaced, one added and one removed
    file.put(
      QuarantineEntry(
        test: "ShopTests.OrderXCTests/testOrderAsJSON", added: QuarantineDate("2026-11-01")!,
        until: QuarantineDate("2027-02-01")!, reason: "hash order (#212), renewed"))
    file.put(
      QuarantineEntry(
        test: "ShopTests.CatalogueXCTests/testCatalogueIsIndexed",
        added: QuarantineDate("2026-11-29")!, until: QuarantineDate("2026-12-29")!,
        reason: "load"))
    let removed = file.remove("ShopTests.ShopSuites/Ports/listensOnThePort()")
    let removedNobody = file.remove("Nobody.Tests/testNothing")

    // Then the text shows each change where it was, and the comments stay
    #expect(removed)
    #expect(!removedNobody)
    #expect(
      file.text == """
        # Our quarantine.
        ShopTests.OrderXCTests/testOrderAsJSON | added 2026-11-01 | until 2027-02-01 | hash order (#212), renewed

        ShopTests.CatalogueXCTests/testCatalogueIsIndexed | added 2026-11-29 | until 2026-12-29 | load

        """)
  }

  @Test(arguments: [
    (
      "Shop.Tests/test | added 2026-11-01 | until 2026-13-01 | why",
      "quarantine.txt:2: 'until 2026-13-01' is not 'until YYYY-MM-DD' (a day of the calendar, as 2026-12-31): write the entry as test | added YYYY-MM-DD | until YYYY-MM-DD | reason."
    ),
    (
      "Shop.Tests/test until 2026-12-01",
      "quarantine.txt:2: is not an entry: write it as test | added YYYY-MM-DD | until YYYY-MM-DD | reason (found: Shop.Tests/test until 2026-12-01)."
    ),
    (
      "Shop.Tests/test | added 2026-11-01 | until 2026-12-01 |  ",
      "quarantine.txt:2: gives no reason for Shop.Tests/test: every entry says why (test | added YYYY-MM-DD | until YYYY-MM-DD | reason)."
    ),
    (
      "Shop.Tests/test | added 2026-02-30 | until 2026-12-01 | why",
      "quarantine.txt:2: 'added 2026-02-30' is not 'added YYYY-MM-DD' (a day of the calendar, as 2026-12-31): write the entry as test | added YYYY-MM-DD | until YYYY-MM-DD | reason."
    ),
  ])
  func aLineThatIsNotAnEntryIsAnErrorNamingItsLine(line: String, message: String) {
    let error = #expect(throws: QuarantineFileError.self) {
      try QuarantineFile(parsing: "# Quarantine\n\(line)\n", path: "quarantine.txt")
    }
    #expect(error?.description == message)
  }

  @Test func aTestNamedTwiceIsAnError() {
    let entry = "Shop.Tests/test | added 2026-11-01 | until 2026-12-01 | why"
    let error = #expect(throws: QuarantineFileError.self) {
      try QuarantineFile(parsing: "\(entry)\n\n\(entry)\n", path: "q.txt")
    }
    #expect(
      error?.description
        == "q.txt:3: Shop.Tests/test is in quarantine on line 1 already: keep one entry a test.")
  }

  @Test func anEntryExpiresTheDayAfterItsLastDayInUTC() {
    let entry = QuarantineEntry(
      test: "T", added: QuarantineDate("2026-11-01")!, until: QuarantineDate("2026-11-30")!,
      reason: "r")
    #expect(!entry.expired(on: QuarantineDate("2026-11-30")!))
    #expect(entry.expired(on: QuarantineDate("2026-12-01")!))
    #expect(QuarantineDate(Date(timeIntervalSince1970: 1_764_547_199)).description == "2025-11-30")
    #expect(QuarantineDate("2026-11-29")!.adding(days: 30).description == "2026-12-29")
  }
}
