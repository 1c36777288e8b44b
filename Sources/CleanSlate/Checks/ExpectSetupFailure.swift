/// Runs `body`, in which a fixture is expected to fail to set up, and returns that failure
/// without reporting it.
///
/// A setup failure is reported to the running test when it happens, even when the test's code
/// catches the error, so that no test passes on a broken fixture. A test about a fixture's own
/// failure says that the failure is expected by using the fixture inside this function:
///
/// ```swift
/// let failure = await expectSetupFailure {
///   _ = try await use(.misconfiguredServer)
/// }
/// #expect(failure?.dependencyPath == ["misconfiguredServer", "config"])
/// ```
///
/// It works the same in XCTest (inside a `FixtureTestCase`) and Swift Testing (inside a test
/// with the `.cleanSlate` or `.fixtures` trait). In Swift Testing, `withKnownIssue` also accepts
/// the failure as a known issue; in XCTest on Apple platforms, so does `XCTExpectFailure`.
///
/// When no fixture fails to set up inside `body`, or `body` throws an error that is not a setup
/// failure, that is reported to the running test at this line, and the function returns `nil`.
///
/// - Parameters:
///   - fileID: The file that calls this, for failure messages; leave the default.
///   - filePath: That file's full path; leave the default.
///   - line: The line of the call; leave the default.
///   - column: The column of the call; leave the default.
///   - body: Code that uses the fixture expected to fail.
/// - Returns: The first setup failure inside `body`, or `nil` if there was none.
@discardableResult
public func expectSetupFailure(
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column,
  _ body: () async throws -> Void
) async -> CleanSlateError? {
  let caught = Locked<[CleanSlateError]>([])
  let sink = FailureSink(record: { failure in caught.withLock { $0.append(failure) } })
  var thrown: (any Error)?
  do {
    try await FailureSink.$forSetupFailures.withValue(sink) { try await body() }
  } catch {
    thrown = error
  }
  if let failure = caught.value.first { return failure }
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let summary =
    thrown.map {
      "expectSetupFailure: the body threw \($0), which is not a fixture's setup failure."
    }
    ?? "expectSetupFailure: every fixture the body used set up; one was expected to fail."
  let failure = CleanSlateError(
    .expectationUnmet, summary: summary, location: location, underlying: thrown,
    advice: "Use the fixture that should fail inside the closure.")
  if let scope = ScopeRuntime.current {
    scope.report(failure)
  } else {
    failure.reportOutsideScopes()
  }
  return nil
}
