public import CleanSlate
public import Foundation

extension FixtureTestCase {
  /// Registers something to be verified when the test body ends, failing the test at this line
  /// if it throws.
  ///
  /// Register a mock where you create it, rather than remembering to verify it at the end:
  ///
  /// ```swift
  /// let transport = MockTransport()
  /// verifyLater(transport)
  /// transport.expect(.get("/user"))
  /// ```
  ///
  /// Verification runs after the body, after work the body started has been awaited
  /// (`WorkTracker`), before the test's tearDown methods, in registration order; it
  /// runs even when the body failed or threw. Swift Testing has the same check as a global
  /// function in `CleanSlateTesting`.
  public func verifyLater(
    _ subject: some SelfVerifying,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let testScope = runningTestScope else {
      return outsideTest("verifyLater(\(type(of: subject)))", at: location)
    }
    testScope.verifyLater(subject, at: location)
  }

  /// Expects `object` to be deallocated once every teardown of the test has run, failing the
  /// test at this line with the object's type if it is still alive then.
  ///
  /// ```swift
  /// let controller = ProfileController(store: store)
  /// expectDeallocation(of: controller)    // fails if a retain cycle keeps it alive
  /// ```
  ///
  /// Only a weak reference is kept. The check runs after the test's tearDown methods, after
  /// `@Resettable` properties were reset and after every fixture teardown — so an object held
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
    guard let testScope = runningTestScope else {
      return outsideTest("expectDeallocation(of: \(type(of: object)))", at: location)
    }
    testScope.expectDeallocation(of: object, at: location)
  }

  /// Expects a notification to be posted before the test body ends, failing the test at this
  /// line if none is.
  ///
  /// ```swift
  /// expectNotification(.storeDidSave, object: store)
  /// store.add("call mum")
  /// ```
  ///
  /// When the body ends, after work it started has been awaited, the expectation is checked;
  /// if no matching notification was posted yet, the test waits for the first one up to
  /// `timeout`. The observer is removed when the test ends. Build your own domain expectations
  /// on it by forwarding the location parameters (CleanSlate's article "Writing your own expectations").
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
    guard let testScope = runningTestScope else {
      outsideTest("expectNotification(.\(name.rawValue))", at: location)
      return NotificationExpectation.unobserved(name, timeout: timeout)
    }
    return testScope.expectNotification(
      name, object: object, center: center, timeout: timeout, where: predicate, at: location)
  }

  /// The scope checks register on: this test's while it runs, else the running test's (a check
  /// made through another test case instance, by code the running test called).
  private var runningTestScope: ScopeRuntime? { testScope ?? ScopeRuntime.currentTest }

  /// Reports a check made while no test of this class runs: on the running XCTest test, if
  /// there is one, else on standard error, failing the run when the test bundle finishes.
  private func outsideTest(_ call: String, at location: CodeLocation) {
    CleanSlateError.calledOutsideTest(
      call, at: location, advice: "Call it in setUp or in the test body of a FixtureTestCase."
    ).reportOutsideScopes()
  }
}
