import Foundation

/// A child process of this test binary running tests that draw from `.seededRandom` and print
/// what they drew (`draws <test>: <numbers>`), with `CLEANSLATE_REPLAY_CASES=1` so that those
/// tests run, and a `CLEANSLATE_SEED` of the caller's choosing: what `ReplayTests` and
/// `ReplayXCTests` read the draws and the replay command from.
package struct ReplayRun: Sendable {
  /// Everything the child printed.
  package let output: String
  /// The numbers each test drew, by test.
  package let draws: [String: String]
  /// The seed and filter of the replay command a failure printed, if one printed one.
  package let replay: Replay?

  package struct Replay: Sendable {
    package let seed: String
    package let filter: String
  }

  /// Runs this test binary with `arguments`, and `seed` as `CLEANSLATE_SEED` (unset for `nil`).
  package init(_ arguments: [String], seed: String?) async throws {
    var environment = StartingEnvironment.variables
    environment["CLEANSLATE_REPLAY_CASES"] = "1"
    environment["CLEANSLATE_SEED"] = seed
    environment["CLEANSLATE_TRACE"] = nil
    environment["CLEANSLATE_SENTINEL"] = nil
    let outcome = try await HelperExecutable(url: URL(fileURLWithPath: CommandLine.arguments[0]))
      .run(arguments, environment: environment)
    output = outcome.standardOutput + outcome.standardError
    var draws: [String: String] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("draws ") {
      let parts = line.dropFirst("draws ".count).split(separator: ": ", maxSplits: 1)
      if parts.count == 2 { draws[String(parts[0])] = String(parts[1]) }
    }
    self.draws = draws
    let command = #/CLEANSLATE_SEED=(\d+) swift test --filter '([^']*)'/#
    replay = output.firstMatch(of: command).map { Replay(seed: String($0.1), filter: String($0.2)) }
  }

  /// Whether this process is such a child.
  package static let isChild =
    ProcessInfo.processInfo.environment["CLEANSLATE_REPLAY_CASES"] == "1"

  /// What a replayed test prints: `draws <test>: <numbers>`.
  package static func print(_ numbers: [Int], drawnBy test: String) {
    Swift.print("draws \(test): \(numbers.map(String.init).joined(separator: " "))")
  }
}
