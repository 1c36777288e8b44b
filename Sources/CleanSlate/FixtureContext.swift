/// What a fixture's setup works with: other fixtures it depends on, and the teardowns that undo
/// what it creates.
///
/// ```swift
/// static let server = Fixture("server") { context in
///   let directory = try await context.use(.scratch)        // a dependency, set up first
///   let server = try await Server.start(root: directory)
///   context.addTeardown { await server.stop() }            // registered once it exists
///   return server
/// }
/// ```
public struct FixtureContext: Sendable {
  let runtime: ScopeRuntime
  let entry: FixtureEntry
  /// The call that asked for the fixture the test wanted, which led to this setup.
  let request: FixtureRequest

  /// The name of the fixture being set up.
  public let fixtureName: String
  /// The scope of the fixture being set up.
  public let scope: FixtureScope
  let teardownTimeout: Duration?
  /// Where the fixture being set up was declared.
  let declaration: CodeLocation
  /// The chain of fixtures from the one the test asked for to this one.
  public let dependencyPath: [String]
  /// The test that asked for this fixture (for a shared fixture, the first one that did).
  public var testName: String? { request.asker.testName }
  /// What tells the test that asked for this fixture apart from every other, the same in every
  /// run (for a shared fixture, the first test that asked); `nil` when a suite's trait set it up.
  public var testIdentity: TestIdentity? { request.asker.testIdentity }

  init<Value>(
    runtime: ScopeRuntime, entry: FixtureEntry, fixture: Fixture<Value>,
    dependencyPath: [String], request: FixtureRequest
  ) {
    self.runtime = runtime
    self.entry = entry
    self.request = request
    fixtureName = fixture.name
    scope = fixture.scope
    teardownTimeout = fixture.teardownTimeout
    declaration = fixture.location
    self.dependencyPath = dependencyPath
  }

  /// The name of the scope instance the value lives in: the test's or suite's name, or
  /// `process`.
  public var scopeName: String { runtime.name }

  /// Whether the test this value belongs to has failed so far — for a suite or process fixture,
  /// whether any test in its scope has. Read it inside a teardown to keep the evidence of a
  /// failed test:
  ///
  /// ```swift
  /// context.addTeardown {
  ///   if context.testFailed { print("kept \(url.path) for inspection") } else { try remove(url) }
  /// }
  /// ```
  public var testFailed: Bool { runtime.hasFailed }

  /// Returns the value of a fixture this one depends on, setting it up first if needed.
  ///
  /// A fixture may only depend on fixtures of the same or a wider scope: a suite fixture cannot
  /// use a test fixture, which would be torn down before it. A dependency cycle is an error,
  /// never a hang.
  public func use<Value>(
    _ fixture: Fixture<Value>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> Value {
    let path = dependencyPath + [fixture.name]
    guard fixture.scope >= scope else {
      let call = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      throw request.fail(
        CleanSlateError(
          .scopeMismatch,
          summary:
            "Fixture '\(fixtureName)' (\(scope) scope) cannot use '\(fixture.name)' (\(fixture.scope) scope) at \(call): it would be torn down while '\(fixtureName)' still needs it.",
          fixture: fixtureName,
          dependencyPath: path,
          location: request.location,
          declaration: declaration,
          advice:
            "A fixture may only depend on fixtures of the same or a wider scope: widen '\(fixture.name)' or narrow '\(fixtureName)'."
        ))
    }
    return try await runtime.owner(for: fixture.scope).value(
      of: fixture, requester: entry, path: path, request: request)
  }

  /// Registers a synchronous teardown, run when the fixture's scope ends.
  ///
  /// Teardowns run last in, first out, exactly once, whether the test passed, failed, threw or
  /// was cancelled. Register one right after creating what it undoes, so nothing is torn down
  /// that was never set up. A teardown that throws is reported and does not stop the others.
  /// One registered after its scope has ended (by setup work that outlived its test) runs at
  /// once; if it fails, the failure is printed on standard error and fails the run.
  ///
  /// - Parameters:
  ///   - timeout: How long it may run before it is reported and abandoned; by default the
  ///     fixture's `teardownTimeout`, or ``CleanSlateDefaults/teardownTimeout``.
  ///   - body: The cleanup.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public func addTeardown(
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping @Sendable () throws -> Void
  ) {
    register(
      .sync(body), timeout: timeout,
      at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Registers an asynchronous teardown, run when the fixture's scope ends.
  ///
  /// Teardowns run last in, first out, exactly once, shielded from the test's cancellation.
  /// One that outlives its time limit is cancelled, reported and abandoned; the rest still run.
  /// One registered after its scope has ended runs at once; if it fails, the failure is
  /// printed on standard error and fails the run.
  ///
  /// - Parameters:
  ///   - timeout: How long it may run before it is reported and abandoned; by default the
  ///     fixture's `teardownTimeout`, or ``CleanSlateDefaults/teardownTimeout``.
  ///   - body: The cleanup.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public func addTeardown(
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: @escaping @Sendable () async throws -> Void
  ) {
    register(
      .async(body), timeout: timeout,
      at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func register(_ body: Teardown.Body, timeout: Duration?, at location: CodeLocation) {
    runtime.addTeardown(
      Teardown(
        body: body, fixture: fixtureName, declaration: declaration,
        dependencyPath: dependencyPath, location: location,
        timeout: timeout ?? teardownTimeout ?? CleanSlateDefaults.teardownTimeout))
  }
}
