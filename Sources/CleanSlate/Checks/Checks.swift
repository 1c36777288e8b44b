public import Foundation

// The checks a test registers where it makes them, in XCTest and Swift Testing alike: verified
// when the body ends, or once every teardown has run. Each needs the running test's CleanSlate
// scope — a test of a `FixtureTestCase`, or a Swift Testing test with the `.cleanSlate` or
// `.fixtures` trait (on the test or its suite); called anywhere else, it records a failure at its
// own line instead, saying why no scope was found.

/// Registers something to be verified when the running test's body ends, recording a failure at
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
/// (``WorkTracker``), before any teardown — in XCTest, before the test's tearDown methods — in
/// registration order; it runs even when the body failed or threw.
public func verifyLater(
  _ subject: some SelfVerifying,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  runningTest(for: "verifyLater(\(type(of: subject)))", at: location)?
    .verifyLater(subject, at: location)
}

/// Expects `object` to be deallocated once every teardown of the running test has run,
/// recording a failure at this line with the object's type if it is still alive then.
///
/// ```swift
/// @Test(.cleanSlate) func releasesTheController() async throws {
///   let controller = ProfileController(store: try await use(.store))
///   expectDeallocation(of: controller)    // a failure if a retain cycle keeps it alive
/// }
/// ```
///
/// Only a weak reference is kept. The check runs after every teardown of the test — in XCTest,
/// after its tearDown methods and after `@Resettable` properties were reset, so an object held
/// by a plain stored property of the test case is reported: XCTest keeps test case instances
/// alive for the whole run. A fixture's value passes once its fixture is torn down, even when
/// the fixture's teardown captured it.
public func expectDeallocation(
  of object: AnyObject,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) {
  let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  runningTest(for: "expectDeallocation(of: \(type(of: object)))", at: location)?
    .expectDeallocation(of: object, at: location)
}

/// Expects a notification to be posted before the running test's body ends, recording a
/// failure at this line if none is.
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
/// The observer is removed when the test ends. Called outside a test's scope, it observes
/// nothing. Build your own domain expectations on it by forwarding the location parameters
/// (<doc:WritingYourOwnExpectations>).
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
  guard let test = runningTest(for: "expectNotification(.\(name.rawValue))", at: location) else {
    return .unobserved(name, timeout: timeout)
  }
  return test.expectNotification(
    name, object: object, center: center, timeout: timeout, where: predicate, at: location)
}

/// The running test's scope, for a check made at `location`; where none is current, the check's
/// failure is recorded on the test its framework runs, else on standard error, and it is `nil`.
private func runningTest(
  for call: @autoclosure () -> String, at location: CodeLocation
) -> ScopeRuntime? {
  if let test = ScopeRuntime.currentTest { return test }
  CleanSlateError.noScope(for: call(), at: location).reportOutsideScopes()
  return nil
}
