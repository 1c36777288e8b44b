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
/// Called where no CleanSlate scope is current, it is recorded on the running test if its
/// framework can tell which runs (an XCTest test; a Swift Testing test, once CleanSlate's trait
/// is in use in the process); else it is printed on standard error, and the run fails when it
/// ends.
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
  guard let scope = ScopeRuntime.current else { return failure.reportOutsideScopes() }
  scope.report(failure)
}

extension CleanSlateError {
  /// Records a failure found where no CleanSlate scope is current: on the test its framework
  /// runs, when one runs (an XCTest test, a Swift Testing test without the trait), else on
  /// standard error (``FailuresOutsideTests``).
  package func reportOutsideScopes() {
    guard FailureSink.recordOutsideScopes(self, throwing: false) == nil else { return }
    FailuresOutsideTests.report(self)
  }
}
