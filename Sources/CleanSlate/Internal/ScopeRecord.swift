/// What a scope keeps for reports beside its fixtures and teardowns: its number in the trace,
/// the outcome its integration declared, and, for a test, its own lifecycle outline and the
/// notes and attachments fixtures offer should it fail.
final class ScopeRecord: Sendable {
  /// The scope's number, unique within the process; `0` when nothing observes the scope.
  let id: Int
  /// Whether an observer receives the scope's events: read instead of the observer itself, so
  /// that an unobserved event costs no existential copy.
  let isObserved: Bool
  /// Whether the scope keeps its own steps, to attach its outline when its test fails.
  let keepsOutline: Bool
  private let state = Locked(State())

  private struct State {
    var outcome: LifecycleEvent.Outcome?
    var outline: [OutlineStep] = []
    var attachments: [@Sendable () async -> FailureAttachment?] = []
    var notes: [@Sendable () -> FailureNote?] = []
    /// The notes made for the scope's failed test as it ended.
    var madeNotes: [FailureNote] = []
  }

  /// One line of a test's own outline: what an event holds beyond the scope's name and kind,
  /// its rare parts (a failure's message, an issue's location) out of line, so that a step of a
  /// passing test copies one string.
  struct OutlineStep: Sendable {
    var phase: LifecycleEvent.Phase
    var outcome: LifecycleEvent.Outcome?
    var fixture: String?
    var duration: Duration?
    var details: Details?

    final class Details: Sendable {
      let message: String?
      let location: CodeLocation?
      let issueCode: String?

      init(message: String?, location: CodeLocation?, issueCode: String?) {
        self.message = message
        self.location = location
        self.issueCode = issueCode
      }
    }
  }

  private static let lastID = Locked(0)

  /// - Parameters:
  ///   - observed: Whether an observer receives the scope's events. An unobserved scope is
  ///     numbered `0`, and costs no lock.
  ///   - keepsOutline: Whether to keep the scope's steps for its outline.
  deinit { LiveObjects.freed(.record) }

  init(observed: Bool, keepsOutline: Bool) {
    LiveObjects.made(.record)
    id =
      observed
      ? Self.lastID.withLock { last in
        last += 1
        return last
      } : 0
    isObserved = observed
    self.keepsOutline = keepsOutline
  }

  /// The outcome the integration declared for a test that did not fail (skipped, known issue).
  var declaredOutcome: LifecycleEvent.Outcome? { state.withLock { $0.outcome } }

  func declare(_ outcome: LifecycleEvent.Outcome) { state.withLock { $0.outcome = outcome } }

  /// Keeps a step of the scope's outline.
  func keep(_ step: OutlineStep) {
    state.withLock { state in
      if state.outline.isEmpty { state.outline.reserveCapacity(12) }
      state.outline.append(step)
    }
  }

  /// The steps kept so far.
  var outline: [OutlineStep] { state.withLock { $0.outline } }

  func addAttachment(_ make: @escaping @Sendable () async -> FailureAttachment?) {
    state.withLock { $0.attachments.append(make) }
  }

  func addNote(_ make: @escaping @Sendable () -> FailureNote?) {
    state.withLock { $0.notes.append(make) }
  }

  /// The notes offered in this scope, made now.
  func makeNotes() -> [FailureNote] {
    state.withLock({ $0.notes }).compactMap { $0() }
  }

  /// The notes made for the scope's failed test as it ended.
  var madeNotes: [FailureNote] {
    get { state.withLock { $0.madeNotes } }
    set { state.withLock { $0.madeNotes = newValue } }
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
