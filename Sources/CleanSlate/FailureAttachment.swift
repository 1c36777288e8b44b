/// Text that helps debug a failed test, attached to it: a directory's listing, a database's
/// name, a server's journal, the test's own lifecycle outline.
///
/// Fixtures offer them with ``FixtureContext/addFailureAttachment(named:_:)``; the integrations
/// record them with Swift Testing's `Attachment` and XCTest's `XCTAttachment` (printed on
/// Linux, where XCTest has none).
public struct FailureAttachment: Sendable, Hashable {
  /// The attachment's name, as `temporaryDirectory.txt`.
  public var name: String
  /// What it holds.
  public var contents: String

  /// Creates an attachment.
  public init(name: String, contents: String) {
    self.name = name
    self.contents = contents
  }
}
