import Foundation

/// Records a failure on the running test, at the given location: the building block of your
/// own assertions, in XCTest and Swift Testing alike.
///
/// Write a domain assertion once, with the caller's location as default arguments, and forward
/// them here; its failures then point at the line that called the assertion, in both frameworks:
///
/// ```swift
/// func expectValidUUID(
///   _ string: String,
///   fileID: String = #fileID, filePath: String = #filePath,
///   line: Int = #line, column: Int = #column
/// ) {
///   guard UUID(uuidString: string) == nil else { return }
///   reportFailure(
///     "'\(string)' is not a valid UUID",
///     fileID: fileID, filePath: filePath, line: line, column: column)
/// }
/// ```
///
/// The failure is recorded on the test whose CleanSlate scope is current — a test of a
/// `FixtureTestCase`, or a Swift Testing test with the `.cleanSlate` or `.fixtures` trait (or in
/// such a suite) — in the calling task, so a surrounding `withKnownIssue` treats it as known.
/// Called where no CleanSlate test runs, there is no test to record it on: it is written to
/// standard error.
///
/// - Parameters:
///   - message: What went wrong.
///   - fileID: The file the failure belongs to; forward your caller's.
///   - filePath: That file's full path; forward your caller's.
///   - line: The line; forward your caller's.
///   - column: The column; forward your caller's.
public func reportFailure(
  _ message: String,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) {
  let failure = CleanSlateError(
    .assertionFailed, summary: message,
    location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  guard let scope = ScopeRuntime.current else {
    FileHandle.standardError.write(
      Data("[CleanSlate] outside any CleanSlate test: \(failure)\n".utf8))
    return
  }
  scope.reportNow(failure)
  if failure.claimReport() {
    // No scope up to the process had a reporter: the engine is running without an integration.
    FileHandle.standardError.write(Data("[CleanSlate] \(failure)\n".utf8))
  }
}
