import CleanSlate
import CleanSlateRunner

/// The terminal of a `cleanslate test` session, for a test to read: the events it is sent
/// (``events``) and each block it printed, in order (``blocks``); notes are dropped.
final class PrintedTerminal: Sendable {
  private let printed = Locked<[String]>([])
  /// The session's events, heard by a terminal reporter that keeps what it prints.
  let events: SessionEvents

  init() {
    let printed = printed
    events = SessionEvents([
      TerminalReporter(print: { text in printed.withLock { $0.append(text) } }, note: { _ in })
    ])
  }

  /// What the terminal printed so far, a block each.
  var blocks: [String] { printed.value }
}
