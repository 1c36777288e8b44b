/// What a scope keeps for reports beside its fixtures and teardowns: its number in the trace,
/// the outcome its integration declared, and, for a test, its own lifecycle outline and the
/// attachments fixtures offer should it fail.
final class ScopeRecord: Sendable {
  /// The scope's number, unique within the process.
  let id: Int
  /// Whether the scope keeps its own events, to attach its outline when its test fails.
  let keepsOutline: Bool
  private let state = Locked(State())

  private struct State {
    var outcome: LifecycleEvent.Outcome?
    var outline: [LifecycleEvent] = []
    var attachments: [@Sendable () async -> FailureAttachment?] = []
  }

  private static let lastID = Locked(0)

  init(keepsOutline: Bool) {
    id = Self.lastID.withLock { last in
      last += 1
      return last
    }
    self.keepsOutline = keepsOutline
  }

  /// The outcome the integration declared for a test that did not fail (skipped, known issue).
  var declaredOutcome: LifecycleEvent.Outcome? { state.withLock { $0.outcome } }

  func declare(_ outcome: LifecycleEvent.Outcome) { state.withLock { $0.outcome = outcome } }

  /// Keeps an event of the scope's outline (the phases its outline prints).
  func keep(_ event: LifecycleEvent) { state.withLock { $0.outline.append(event) } }

  /// The events kept so far.
  var outline: [LifecycleEvent] { state.withLock { $0.outline } }

  func addAttachment(_ make: @escaping @Sendable () async -> FailureAttachment?) {
    state.withLock { $0.attachments.append(make) }
  }

  /// The attachments offered in this scope, made now.
  func makeAttachments() async -> [FailureAttachment] {
    var made: [FailureAttachment] = []
    for make in state.withLock({ $0.attachments }) {
      if let attachment = await make() { made.append(attachment) }
    }
    return made
  }
}
