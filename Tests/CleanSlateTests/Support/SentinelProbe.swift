import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation

/// A run of `CleanSlateSandboxProbe temporary`: a child test process in which the sentinel
/// watches one test that writes files in the temporary directory (see the probe's header).
struct SentinelProbe {
  /// What it printed on standard output, line by line: `NAME=value`, then `reported=…` for each
  /// failure, then `ended`.
  let lines: [String]
  /// What it printed on standard error.
  let errors: String
  /// Whether its process directory was still there once its process scope had ended.
  let outlivedItsProcessScope: Bool

  /// Runs the probe with its sandbox root under `scratch`, a shared temporary directory of its
  /// own there, and `variables` added to its environment.
  static func run(in scratch: URL, with variables: [String: String] = [:]) async throws -> Self {
    let shared = scratch.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    var environment = StartingEnvironment.variables
    environment["CLEANSLATE_SANDBOX_ROOT"] = scratch.appendingPathComponent("sandboxes").path
    environment["TMPDIR"] = shared.path
    for name in ["CLEANSLATE_SHARED_TMPDIR", "CLEANSLATE_SENTINEL", "CLEANSLATE_SENTINEL_MODE"] {
      environment[name] = nil
    }
    environment.merge(variables) { $1 }
    let probe = try await HelperExecutable(named: "CleanSlateSandboxProbe").start(
      ["temporary"], environment: environment)
    let lines = await probe.lines(until: "ended")
    let own = lines.first { $0.hasPrefix("TMPDIR=") }.map { String($0.dropFirst(7)) } ?? "/"
    let outlived = FileManager.default.fileExists(
      atPath: URL(fileURLWithPath: own).deletingLastPathComponent().path)
    _ = try? await probe.finish()
    return SentinelProbe(
      lines: lines, errors: await probe.errorOutput(), outlivedItsProcessScope: outlived)
  }

  /// The value it printed as `name=value`.
  func printed(_ name: String) -> String? {
    lines.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
  }

  /// Its standard output.
  var output: String { lines.joined(separator: "\n") }
}
