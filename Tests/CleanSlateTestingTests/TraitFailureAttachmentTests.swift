import CleanSlate
import CleanSlateTestSupport
import Testing

@testable import CleanSlateTesting

/// A failed test gets what its fixtures offer, and its lifecycle outline, as attachments.
@Suite struct TraitFailureAttachmentTests {
  private let journal = Fixture("journal") { context in
    context.addFailureAttachment(named: "journal.txt") { "GET /user → 404" }
  }

  /// Runs one test through the trait and returns what it attached.
  private func attachments(
    failing: Bool
  ) async throws -> [FailureAttachment] {
    let driver = TraitDriver()
    let attached = Locked<[FailureAttachment]>([])
    let trait: CleanSlateTrait = .fixtures(journal)
    _ = try await FailureSink.$attachmentsDiverted.withValue({ a in
      attached.withLock { $0.append(a) }
    }) {
      try await driver.run {
        try await trait.provideScope(for: .test("Suite/test()")) {
          if failing { Issue.record("failed on purpose") }
        }
      }
    }
    return attached.value
  }

  @Test func aFailedTestGetsItsFixturesAttachmentsAndItsOutline() async throws {
    let attached = try await attachments(failing: true)

    #expect(attached.map(\.name) == ["journal.txt", "lifecycle outline.txt"])
    #expect(attached.first?.contents == "GET /user → 404")
    #expect(attached.last?.contents.contains("ISSUE") == true)
    #expect(attached.last?.contents.contains("END       test     Suite/test()") == true)
  }

  @Test func aPassingTestGetsNone() async throws {
    #expect(try await attachments(failing: false).isEmpty)
  }
}
