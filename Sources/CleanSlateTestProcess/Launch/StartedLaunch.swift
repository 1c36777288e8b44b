package import CleanSlate
import Foundation

/// A launch under way: ``ended(naming:)`` waits for it and reads how each test ended.
package struct StartedLaunch: Sendable {
  /// The command it stands for, as a user types it.
  package let command: SwiftTestInvocation
  /// Its folder: its XUnit files, trace, watch and temporary directory.
  let folder: URL
  /// What its test processes printed and how they ended, once they have.
  let output: Task<LaunchOutput, any Error>
  let xunitFiles: [String]
  let trace: String?
  /// The temporary directory of its own its tests share, when it gave them one.
  let temporaryDirectory: String?
  /// What ends it early when asked.
  var interruption: LaunchInterruption?

  /// Waits for the launch to end, and reads how each of `tests` ended; removes its folder.
  ///
  /// - Throws: ``LaunchInterrupted``, with what it read, when its launcher's interruption was
  ///   asked for before it ended: an end the interruption caused is no test's.
  package func ended(naming tests: [TestName]) async throws -> Launch {
    defer { try? FileManager.default.removeItem(at: folder) }
    var launch = Launch(
      reading: try await output.value, of: tests, command: command, xunitFiles: xunitFiles,
      trace: trace)
    launch.temporaryDirectory = temporaryDirectory
    if let signal = interruption?.signal { throw LaunchInterrupted(signal: signal, launch: launch) }
    return launch
  }
}
