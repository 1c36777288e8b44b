import CleanSlateTesting
import Foundation
import Testing

extension Fixture where Value == String {
  /// A mailbox the awaiting test holds while it waits.
  static let mailbox = Fixture("mailbox") { _ in "inbox" }
}

/// Swift Testing tests around one that, when asked, awaits a reply nobody sends while it holds a
/// fixture and its tracked work runs.
@Suite(.cleanSlate) struct AwaitingSuite {
  @Test func passesBefore() {}

  @Test(.fixtures(.mailbox)) func awaitsAReplyNobodySends() async throws {
    _ = try await use(.mailbox)
    guard Behaviour.asks("hang") else { return }
    let work = try await use(.workTracker)
    work.start("fetch the reply") { await Self.replyThatNeverComes() }
    await Self.replyThatNeverComes()
  }

  @Test func passesAfter() {}

  /// Waits for a reply that nobody ever sends: its continuation is kept, never resumed.
  private static func replyThatNeverComes() async {
    await withCheckedContinuation { continuation in
      waiting.withLock { $0.append(continuation) }
    }
  }

  private static let waiting = Waiting()

  /// The continuations of the replies awaited, kept so that none is ever resumed.
  private final class Waiting: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [CheckedContinuation<Void, Never>] = []

    func withLock(_ body: (inout [CheckedContinuation<Void, Never>]) -> Void) {
      lock.withLock { body(&continuations) }
    }
  }
}
