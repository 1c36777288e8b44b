public import CleanSlate
public import Foundation
internal import Testing

/// Registers something to be verified when the running test's body ends, recording an issue at
/// this line if it throws.
///
/// Register a mock where you create it, rather than remembering to verify it at the end:
///
/// ```swift
/// @Test(.cleanSlate) func fetchesTheUser() async throws {
///   let transport = MockTransport()
///   verifyLater(transport)                 // verified when the body ends
///   transport.expect(.get("/user"))
///   ...
/// }
/// ```
///
/// Verification runs after the body, after work the body started has been awaited
/// (`WorkTracker`), before any teardown, in registration order; it runs even when
/// the body failed or threw. It needs the test's CleanSlate scope (the `.cleanSlate` or
/// `.fixtures` trait on the test or its suite); called anywhere else, it records an issue here
/// instead. XCTest has the same check as a method of `FixtureTestCase`.
public func verifyLater(
  _ subject: some SelfVerifying,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let test = ScopeRuntime.currentTest else {
    return outsideTest("verifyLater(\(type(of: subject)))", at: location)
  }
  test.verifyLater(subject, at: location)
}

/// Expects `object` to be deallocated once every teardown of the running test has run,
/// recording an issue at this line with the object's type if it is still alive then.
///
/// ```swift
/// @Test(.cleanSlate) func releasesTheController() async throws {
///   let controller = ProfileController(store: try await use(.store))
///   expectDeallocation(of: controller)    // an issue if a retain cycle keeps it alive
/// }
/// ```
///
/// Only a weak reference is kept. The check runs after every teardown of the test, so a
/// fixture's value passes once its fixture is torn down, even when the fixture's teardown
/// captured it. It needs the test's CleanSlate scope (the `.cleanSlate` or `.fixtures` trait);
/// called anywhere else, it records an issue here instead. XCTest has the same check as a method
/// of `FixtureTestCase`.
public func expectDeallocation(
  of object: AnyObject,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let test = ScopeRuntime.currentTest else {
    return outsideTest("expectDeallocation(of: \(type(of: object)))", at: location)
  }
  test.expectDeallocation(of: object, at: location)
}

/// Expects a notification to be posted before the running test's body ends, recording an issue
/// at this line if none is.
///
/// ```swift
/// @Test(.cleanSlate) func savesTheStore() async throws {
///   let store = try await use(.store)
///   expectNotification(.storeDidSave, object: store)
///   store.add("call mum")
/// }
/// ```
///
/// When the body ends, after work it started has been awaited, the expectation is checked; if
/// no matching notification was posted yet, the test waits for the first one up to `timeout`.
/// The observer is removed when the test ends. It needs the test's CleanSlate scope; called
/// anywhere else, it records an issue here and observes nothing. XCTest has the same expectation
/// as a method of `FixtureTestCase`.
///
/// - Parameters:
///   - name: The notification's name.
///   - object: Only notifications posted by this object count; `nil` counts any sender.
///   - center: The notification center to observe; `.default` unless given.
///   - timeout: How long the end of the body waits for a notification not posted yet.
///   - predicate: Only notifications for which it returns `true` count.
///   - fileID: The file that calls this, for failure messages; leave the default.
///   - filePath: That file's full path; leave the default.
///   - line: The line of the call; leave the default.
///   - column: The column of the call; leave the default.
/// - Returns: The expectation, to read how many matching notifications were posted.
@discardableResult
public func expectNotification(
  _ name: Notification.Name,
  object: AnyObject? = nil,
  center: NotificationCenter = .default,
  timeout: Duration = .seconds(1),
  where predicate: (@Sendable (Notification) -> Bool)? = nil,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) -> NotificationExpectation {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let test = ScopeRuntime.currentTest else {
    outsideTest("expectNotification(.\(name.rawValue))", at: location)
    return .unobserved(name, timeout: timeout)
  }
  return test.expectNotification(
    name, object: object, center: center, timeout: timeout, where: predicate, at: location)
}

/// Records the issue for a check called where no CleanSlate test scope is open.
private func outsideTest(_ call: String, at location: CodeLocation) {
  recordIssue(
    .calledOutsideTest(
      call, at: location,
      advice:
        "Call it in a test with the .cleanSlate or .fixtures trait (on the test or its suite)."
    ))
}
