import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation

/// `Tests/LedgerFixture` copied into a git repository of its own and built once per test process:
/// the package the store is tested on as teams run it, from its own directory.
///
/// The copy is in the temporary folder, named by this process's id; copies left by processes
/// that are gone are removed when the next one is made.
enum LedgerRepository {
  /// The ledger test, as `swift test list` prints it.
  static let ledgerTest = "LedgerFixtureTests.LedgerTests/testBalanceAddsUp"
  /// The test that jams every later launch when asked.
  static let jamTest = "LedgerFixtureTests.LedgerTests/testJamsLaterLaunches"

  /// The repository's directory, its first commit made and its tests built.
  static func directory() async throws -> String {
    try await built.value
  }

  private static let built = Task { try await make() }

  private static func make() async throws -> String {
    let temporary = FileManager.default.temporaryDirectory
    for stale in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] {
      guard stale.hasPrefix("cleanslate-ledger-"),
        let pid = Int32(stale.dropFirst("cleanslate-ledger-".count)), kill(pid, 0) != 0
      else { continue }
      try? FileManager.default.removeItem(at: temporary.appendingPathComponent(stale))
    }
    let directory = temporary.appendingPathComponent(
      "cleanslate-ledger-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: directory)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("LedgerFixture"), to: directory)
    try? FileManager.default.removeItem(at: directory.appendingPathComponent(".build"))
    try Data(".build/\n*.sqlite*\n*.xml\n*.json\n".utf8).write(
      to: directory.appendingPathComponent(".gitignore"))
    try Data("balanced\n".utf8).write(to: directory.appendingPathComponent("ledger.txt"))
    try await git(["init", "-q", "-b", "main"], in: directory.path)
    try await commit("The ledger", in: directory.path)
    let build = try await ChildProcess(
      "/usr/bin/env", ["swift", "build", "--build-tests"],
      environment: StartingEnvironment.variables, directory: directory.path
    ).run(combiningErrorWithOutput: true)
    guard build.succeeded else {
      throw CommandFailed(command: "swift build --build-tests", output: build.standardOutput)
    }
    return directory.path
  }

  /// Commits every change in the repository at `directory` with `message`; its commit id.
  @discardableResult
  static func commit(_ message: String, in directory: String) async throws -> String {
    try await git(["add", "-A"], in: directory)
    try await git(
      [
        "-c", "user.name=Ledger", "-c", "user.email=ledger@example.com", "commit", "-q", "-m",
        message,
      ],
      in: directory)
    return try await git(["rev-parse", "HEAD"], in: directory)
  }

  /// Runs `git arguments` in `directory`; what it printed, trimmed.
  @discardableResult
  static func git(_ arguments: [String], in directory: String) async throws -> String {
    let outcome = try await ChildProcess(
      "git", arguments, environment: StartingEnvironment.variables, directory: directory
    ).run(combiningErrorWithOutput: true)
    guard outcome.succeeded else {
      throw CommandFailed(
        command: "git " + arguments.joined(separator: " "), output: outcome.standardOutput)
    }
    return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A command of the repository's making failed.
  struct CommandFailed: Error, CustomStringConvertible {
    var command: String
    var output: String
    var description: String { "\(command) failed: \(output.suffix(4_000))" }
  }
}
