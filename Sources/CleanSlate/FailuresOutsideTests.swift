import Foundation

/// The channel for failures found where no test runs to record them on: the end of the process
/// scope, a teardown that ran after its scope had ended, a check made outside any test.
///
/// Each is printed on standard error as it is found, as a compiler-style diagnostic
/// (`path:line: error: message`) that editors and CI logs pick up, and the run is remembered as
/// failed: the integrations make the test process exit with a failure status at its end, so
/// that such a failure is never lost.
package enum FailuresOutsideTests {
  private static let failed = Locked(false)
  /// Where the lines go instead, when set: CleanSlate's own tests read them there, and the run
  /// is not marked failed.
  @TaskLocal package static var sink: (@Sendable (String) -> Void)?

  /// Prints `failure` and marks the run failed; the process then exits with a failure status at
  /// its end, even where no integration ends its run (a Swift Testing run that never opened a
  /// scope).
  package static func report(_ failure: CleanSlateError) {
    let line = "\(failure.location.filePath):\(failure.location.line): error: \(failure)\n"
    if let sink { return sink(line) }
    failed.withLock { $0 = true }
    ProcessScopeEnding.installOnce()
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Whether a failure was reported here in this process.
  package static var haveOccurred: Bool { failed.value }
}
