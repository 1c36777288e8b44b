import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Safe sandboxes": a temporary directory per test, unique, removed at the end; kept on
/// request when the test failed.
@Suite struct SandboxTemporaryDirectoryTests {
  @Test func eachTestGetsItsOwnEmptyDirectoryRemovedAtTheEnd() async throws {
    // Given two tests running side by side
    let scopes = Scopes()
    let first = scopes.test("Suite/first()")
    let second = scopes.test("Suite/second()")

    // When each asks for a temporary directory, twice, and writes to it
    let a = try await first.use(.temporaryDirectory, at: CodeLocation())
    let again = try await first.use(.temporaryDirectory, at: CodeLocation())
    let b = try await second.use(.temporaryDirectory, at: CodeLocation())
    try write("a", to: a.appendingPathComponent("same.txt"))
    try write("b", to: b.appendingPathComponent("same.txt"))

    // Then each test has one directory of its own, under this process's sandbox
    #expect(a == again)
    #expect(a != b)
    #expect(a.deletingLastPathComponent().lastPathComponent == "\(ProcessIdentity.current)")
    #expect(a.lastPathComponent.hasPrefix("Suite-first"))
    #expect(contents(of: a.appendingPathComponent("same.txt")) == "a")

    // And each is removed when its test ends
    #expect(await first.endCollectingFailures().isEmpty)
    #expect(!entryExists(a))
    #expect(entryExists(b))
    #expect(await second.endCollectingFailures().isEmpty)
    #expect(!entryExists(b))
  }

  @Test func aFailedTestsDirectoryIsRemovedUnlessKeepingIsAskedFor() async throws {
    try await withScratchDirectory { scratch in
      // Given a sandbox that keeps failed tests' directories, and a failed and a passed test
      let sandbox = ProcessSandbox(root: scratch, keepsFailed: true)
      let fixture = Fixture<URL>.temporaryDirectory(in: sandbox)
      let failed = Scopes().test("Suite/failed()")
      let passed = Scopes().test("Suite/passed()")
      let failedDirectory = try await failed.use(fixture, at: CodeLocation())
      let passedDirectory = try await passed.use(fixture, at: CodeLocation())
      try write("evidence", to: failedDirectory.appendingPathComponent("log.txt"))
      failed.markFailed()

      // When both end
      #expect(await failed.endCollectingFailures().isEmpty)
      #expect(await passed.endCollectingFailures().isEmpty)

      // Then the failed one's directory was moved to kept/, the passed one's removed
      let kept = scratch.appendingPathComponent(
        "kept/\(ProcessIdentity.current)-\(failedDirectory.lastPathComponent)")
      #expect(contents(of: kept.appendingPathComponent("log.txt")) == "evidence")
      #expect(!entryExists(failedDirectory))
      #expect(!entryExists(passedDirectory))
    }
  }

  @Test func aFailedTestsDirectoryIsRemovedByDefault() async throws {
    try await withScratchDirectory { scratch in
      let fixture = Fixture<URL>.temporaryDirectory(in: ProcessSandbox(root: scratch))
      let test = Scopes().test()
      let directory = try await test.use(fixture, at: CodeLocation())
      test.markFailed()

      await test.end()

      #expect(!entryExists(directory))
      #expect(!entryExists(scratch.appendingPathComponent("kept")))
    }
  }

  @Test func linksPlantedByTheTestAreNotFollowedAtTeardown() async throws {
    try await withScratchDirectory { scratch in
      // Given a test that plants links to an outside directory in its temporary directory
      let outside = scratch.appendingPathComponent("outside")
      try write("keep", to: outside.appendingPathComponent("keep.txt"))
      let test = Scopes().test()
      let directory = try await test.use(.temporaryDirectory, at: CodeLocation())
      try FileManager.default.createSymbolicLink(
        atPath: directory.appendingPathComponent("absolute").path,
        withDestinationPath: outside.path)
      try FileManager.default.createSymbolicLink(
        atPath: directory.appendingPathComponent("relative").path,
        withDestinationPath: String(repeating: "../", count: 12) + outside.path)

      // When the test ends
      #expect(await test.endCollectingFailures().isEmpty)

      // Then its directory is gone and the outside file is untouched
      #expect(!entryExists(directory))
      #expect(contents(of: outside.appendingPathComponent("keep.txt")) == "keep")
    }
  }

  @Test func testNamesBecomeSafeFileNames() {
    #expect(ProcessSandbox.fileName(for: "Suite/test(a:b:)") == "Suite-test-a-b--")
    #expect(ProcessSandbox.fileName(for: "../../etc") == "etc")
    #expect(ProcessSandbox.fileName(for: "") == "test")
    #expect(ProcessSandbox.fileName(for: String(repeating: "x", count: 200)).count == 60)
  }
}
