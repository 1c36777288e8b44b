extension FixtureContext {
  /// Offers an attachment to every failed test this fixture's value served: `contents` runs
  /// once a test in the fixture's scope has failed and every teardown of that test has run.
  ///
  /// Use it for what helps to debug a failure and is cheap to describe: a kept directory's path
  /// and listing, a database's name, a fake server's journal. Snapshot state a teardown removes
  /// in that teardown, reading ``testFailed``:
  ///
  /// ```swift
  /// let journal = ServerJournal()
  /// context.addFailureAttachment(named: "server journal.txt") { journal.text }
  /// ```
  ///
  /// A test-scoped fixture's attachment goes to its test; a suite or process fixture's to each
  /// failed test of its scope. Return `nil` to attach nothing.
  public func addFailureAttachment(
    named name: String, _ contents: @escaping @Sendable () async -> String?
  ) {
    runtime.record.addAttachment {
      await contents().map { FailureAttachment(name: name, contents: $0) }
    }
  }
}
