extension FixtureContext {
  /// Offers a note to every failed test this fixture's value served: a line or two printed with
  /// the test's failures, and put in the lifecycle trace and report.
  ///
  /// Use it for what the reader of a CI log needs to act on a failure at a glance — the command
  /// that replays it, the seed it drew from, the port a server listened on. Offer what is long,
  /// or better read as a file, with ``addFailureAttachment(named:_:)`` instead.
  ///
  /// ```swift
  /// context.addFailureNote { "The fake server listened on port \(server.port)." }
  /// ```
  ///
  /// `note` runs once a test in the fixture's scope has failed, when every teardown of that test
  /// has run; return `nil` to note nothing. A note fails nothing: Swift Testing records it as a
  /// warning at the line that asked for the fixture, and XCTest prints it on standard error as
  /// `path:line: note: <test> : <note>`, after the test's failures.
  public func addFailureNote(_ note: @escaping @Sendable () -> String?) {
    let location = request.location
    let fixture = fixtureName
    runtime.record.addNote {
      note().map { FailureNote(text: $0, location: location, fixture: fixture) }
    }
  }
}
