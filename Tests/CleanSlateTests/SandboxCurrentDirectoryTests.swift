import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Process-global state": the current directory is changed for one test and restored
/// afterwards.
@Suite struct SandboxCurrentDirectoryTests {
  @Test func relativePathsLandInTheTestsOwnDirectory() async throws {
    // Given a test whose current directory is its temporary directory
    let test = Scopes().test()
    let before = Observed<String>()
    let restored = Observed<String>()
    try await test.observeAfterRestore { restored.set(FileManager.default.currentDirectoryPath) }
    before.set(FileManager.default.currentDirectoryPath)
    let directory = try await test.use(.currentDirectory, at: CodeLocation())

    // When it writes to a relative path
    try Data("relative".utf8).write(to: URL(fileURLWithPath: "output.txt"))

    // Then the file is in its temporary directory, and the directory is restored at the end
    #expect(directory == (try await test.use(.temporaryDirectory, at: CodeLocation())))
    #expect(contents(of: directory.appendingPathComponent("output.txt")) == "relative")
    #expect(await test.endCollectingFailures().isEmpty)
    #expect(restored.value == before.value)
  }

  @Test func aGivenDirectoryIsRestoredAfterAFailingTest() async throws {
    try await withScratchDirectory { scratch in
      // Given a test that changes into a given directory, then fails
      let test = Scopes().test()
      let before = Observed<String>()
      let restored = Observed<String>()
      try await test.observeAfterRestore { restored.set(FileManager.default.currentDirectoryPath) }
      before.set(FileManager.default.currentDirectoryPath)
      _ = try await test.use(.currentDirectory(scratch), at: CodeLocation())
      #expect(
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
          == scratch.resolvingSymlinksInPath())
      test.markFailed()

      // When it ends
      await test.end()

      // Then the previous current directory is back
      #expect(restored.value == before.value)
    }
  }

  @Test func aMissingDirectoryFailsSetup() async throws {
    let test = Scopes().test()
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")

    let error = await #expect(throws: FixtureUnavailable.self) {
      try await test.use(.currentDirectory(missing), at: CodeLocation())
    }?.failure
    await test.end()

    #expect(
      error?.summary
        == "Setup of fixture 'currentDirectory(\(missing.path))' threw: Could not make '\(missing.path)' the current directory (does it exist, is it a directory you may enter?)."
    )
  }
}
