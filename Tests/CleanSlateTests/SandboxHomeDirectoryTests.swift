import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Process-global state": HOME and the XDG base directories point into the test's
/// sandbox, then are restored.
@Suite struct SandboxHomeDirectoryTests {
  static let variables = [
    "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
    "XDG_RUNTIME_DIR",
  ]

  @Test func homeAndXDGDirectoriesPointIntoTheSandboxUntilTheTestEnds() async throws {
    // Given a test with a sandboxed home
    let test = Scopes().test()
    let before = Observed<[String?]>()
    let restored = Observed<[String?]>()
    try await test.observeAfterRestore {
      restored.set(Self.variables.map(ProcessEnvironment.value(of:)))
    }
    before.set(Self.variables.map(ProcessEnvironment.value(of:)))
    let home = try await test.use(.homeDirectory, at: CodeLocation())
    let sandbox = try await test.use(.temporaryDirectory, at: CodeLocation())

    // Then every variable names an existing directory inside the sandbox
    #expect(ProcessEnvironment.value(of: "HOME") == home.path)
    #expect(home.deletingLastPathComponent() == sandbox)
    for name in Self.variables {
      let path = try #require(ProcessEnvironment.value(of: name))
      var isDirectory: ObjCBool = false
      #expect(path.hasPrefix(sandbox.path), "\(name)")
      #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue, "\(name)")
    }
    #expect(ProcessEnvironment.value(of: "XDG_CONFIG_HOME") == home.path + "/.config")

    // When the test ends, everything is as before
    #expect(await test.endCollectingFailures().isEmpty)
    #expect(restored.value == before.value)
    #expect(!entryExists(home))
  }
}
