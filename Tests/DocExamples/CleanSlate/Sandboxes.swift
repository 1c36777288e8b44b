// swift-format-ignore-file
import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

struct SandboxExamples {
  @Test func exportsSettings() async throws {
    let directory = try await use(.temporaryDirectory)           // fresh, empty, removed afterwards
    try await use(.environment(["EXPORT_FORMAT": "json", "DEBUG": nil]))  // set one, unset one
    _ = try await use(.currentDirectory)                           // relative paths land in the sandbox
    let home = try await use(.homeDirectory)                       // HOME and XDG_* in the sandbox
    let defaults = try await use(.userDefaults).defaults           // an empty suite of its own
    _ = (directory, home, defaults)
  }
}

struct ParallelSandboxExamples {
  @Suite(.cleanSlate) struct SettingsTests {
    @Test(arguments: 0..<12) func writesItsOwnSettings(number: Int) async throws {
      try await use(.environment(["SETTING": "\(number)"]))
      _ = try await use(.currentDirectory)
      try Data("\(number)".utf8).write(to: URL(fileURLWithPath: "settings.txt"))
      #expect(ProcessInfo.processInfo.environment["SETTING"] == "\(number)")
    }
  }
}
