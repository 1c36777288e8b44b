import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// What a failed test gets attached: what its fixtures offer, and its own lifecycle outline.
@Suite struct FailureAttachmentTests {
  @Test func aFailedTestGetsItsFixturesAttachmentsAndItsOutline() async throws {
    // Given a test fixture and a suite fixture that each offer an attachment
    let scopes = Scopes()
    let journal = Fixture("journal") { context in
      context.addFailureAttachment(named: "journal.txt") { "GET /user → 404" }
    }
    let shared = Fixture("shared", scope: .suite) { context in
      context.addFailureAttachment(named: "shared.txt") { "database cs_1" }
    }
    let test = scopes.test("Suite/fails()")

    // When a test that used both fails and ends
    try await test.use(journal, at: CodeLocation())
    try await test.use(shared, at: CodeLocation())
    test.markFailed()
    await test.end()
    let attachments = await test.failureAttachments()

    // Then its own fixture's attachment comes first, then the suite's, then the outline
    #expect(attachments.map(\.name) == ["journal.txt", "shared.txt", "lifecycle outline.txt"])
    #expect(attachments[0].contents == "GET /user → 404")
    let outline = attachments[2].contents
    #expect(outline.contains("SETUP     test     journal"))
    #expect(outline.contains("END       test     Suite/fails()"))
    #expect(outline.hasSuffix("failed\n"))
  }

  @Test func anAttachmentThatHasNothingToSayIsLeftOut() async throws {
    // Given a fixture whose attachment returns nil
    let quiet = Fixture("quiet") { context in context.addFailureAttachment(named: "q") { nil } }
    let test = Scopes().test()
    try await test.use(quiet, at: CodeLocation())
    test.markFailed()
    await test.end()

    // Then only the outline is attached
    #expect(await test.failureAttachments().map(\.name) == ["lifecycle outline.txt"])
  }

  @Test func theTemporaryDirectoryAttachesItsPathAndListingTakenBeforeItsRemoval() async throws {
    try await withScratchDirectory { scratch in
      // Given a temporary directory with a file and a folder, in a test that fails
      let fixture = Fixture<URL>.temporaryDirectory(in: ProcessSandbox(root: scratch))
      let test = Scopes().test()
      let directory = try await test.use(fixture, at: CodeLocation())
      try write("hello", to: directory.appendingPathComponent("greeting.txt"))
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("cache"), withIntermediateDirectories: false)

      // When the test fails and ends
      test.markFailed()
      await test.end()
      let attachments = await test.failureAttachments()

      // Then the attachment names the (removed) directory and lists what it held
      let attachment = attachments.first { $0.name == "temporaryDirectory.txt" }
      let contents = try #require(attachment?.contents)
      #expect(contents.hasPrefix(directory.path + " (removed)\n"))
      #expect(contents.contains("cache/\n"))
      #expect(contents.contains("greeting.txt  (5 bytes)\n"))
      #expect(!entryExists(directory))
    }
  }

  @Test func aPassingTestsTemporaryDirectoryOffersNothing() async throws {
    try await withScratchDirectory { scratch in
      // Given a temporary directory in a test that passes
      let fixture = Fixture<URL>.temporaryDirectory(in: ProcessSandbox(root: scratch))
      let test = Scopes().test()
      _ = try await test.use(fixture, at: CodeLocation())

      // When it ends
      await test.end()

      // Then the directory's attachment has nothing to say
      #expect(await test.failureAttachments().map(\.name) == ["lifecycle outline.txt"])
    }
  }
}
