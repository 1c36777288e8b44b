import CleanSlateTesting
import Foundation
import Testing

/// Rules "Process-global state" and "Safe sandboxes" under Swift Testing's parallel execution:
/// every test writes the same relative path and sets the same variable, and none sees another's.
///
/// Run: `swift test --parallel --filter SandboxParallelTests`
@Suite(.cleanSlate) struct SandboxParallelTests {
  static let variable = "CLEANSLATE_SHARED_SETTING"

  @Test(arguments: 0..<12)
  func everyTestSeesOnlyItsOwnVariableAndFiles(number: Int) async throws {
    // Given a test that sets the shared variable and works in its own current directory
    try await use(.environment([Self.variable: "\(number)"]))
    let directory = try await use(.currentDirectory)

    // When it writes the shared relative path and lets other tests run
    try Data("\(number)".utf8).write(to: URL(fileURLWithPath: "settings.txt"))
    for _ in 0..<3 { await Task.yield() }

    // Then it reads back its own value, file and directory
    #expect(ProcessInfo.processInfo.environment[Self.variable] == "\(number)")
    let text = try String(contentsOf: URL(fileURLWithPath: "settings.txt"), encoding: .utf8)
    #expect(text == "\(number)")
    #expect(
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
        == directory.resolvingSymlinksInPath())
  }

  @Test(arguments: 0..<4)
  func everyTestHasItsOwnEmptyTemporaryDirectory(number: Int) async throws {
    let directory = try await use(.temporaryDirectory)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    try Data("\(number)".utf8).write(to: directory.appendingPathComponent("same.txt"))
  }

  @Test(.fixtures(.homeDirectory))
  func homeIsInsideTheTestsSandbox() async throws {
    let home = try await use(.homeDirectory)
    let sandbox = try await use(.temporaryDirectory)
    #expect(ProcessInfo.processInfo.environment["HOME"] == home.path)
    #expect(home.path.hasPrefix(sandbox.path))
  }

  @Test func aFreshUserDefaultsSuiteIsEmpty() async throws {
    let defaults = try await use(.userDefaults).defaults
    #expect(defaults.string(forKey: "greeting") == nil)
    defaults.set("hello", forKey: "greeting")
    #expect(defaults.string(forKey: "greeting") == "hello")
  }
}
