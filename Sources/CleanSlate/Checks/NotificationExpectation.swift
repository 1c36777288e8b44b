public import Foundation

/// A notification a test expects to be posted before its body ends.
///
/// Declare one with ``expectNotification(_:object:center:timeout:where:fileID:filePath:line:column:)``,
/// in XCTest or Swift Testing, before the code that should post it runs. When the body ends, after the test's tracked work has been awaited, the
/// expectation is checked: if no matching notification was posted yet, the test waits for one up
/// to `timeout`, then fails at the line that declared it. The observer is removed when the test
/// ends, so none outlives its test.
///
/// ```swift
/// let saved = expectNotification(.storeDidSave, object: store)
/// store.add("call mum")                   // posts .storeDidSave, maybe later
/// // when the body ends: fails here unless .storeDidSave was posted by `store`
/// ```
public final class NotificationExpectation: Sendable {
  /// The notification's name.
  public let name: Notification.Name
  /// How long the end of the body waits for a first matching notification that has not come yet.
  public let timeout: Duration
  private let state = Locked(State())

  private struct State {
    var count = 0
    var waiter: CheckedContinuation<Bool, Never>?
    var timeoutTask: Task<Void, Never>?
  }

  init(name: Notification.Name, timeout: Duration) {
    self.name = name
    self.timeout = timeout
  }

  /// An expectation that observes nothing, for a declaration made outside any test (which the
  /// integration reports).
  package static func unobserved(
    _ name: Notification.Name, timeout: Duration
  ) -> NotificationExpectation {
    NotificationExpectation(name: name, timeout: timeout)
  }

  /// How many matching notifications have been posted since the expectation was declared.
  public var count: Int { state.withLock { $0.count } }

  /// Whether at least one matching notification has been posted.
  public var isFulfilled: Bool { count > 0 }

  /// Counts a matching notification and wakes the end of the body if it waits for one.
  func fulfill() {
    let (waiter, timeoutTask) = state.withLock { state in
      state.count += 1
      defer {
        state.waiter = nil
        state.timeoutTask = nil
      }
      return (state.waiter, state.timeoutTask)
    }
    timeoutTask?.cancel()
    waiter?.resume(returning: true)
  }

  /// Returns whether a matching notification was posted, waiting up to ``timeout`` for the
  /// first one; the wait ends the moment it is posted.
  func waitForFirst() async -> Bool {
    await withCheckedContinuation { continuation in
      let fulfilled = state.withLock { state -> Bool in
        guard state.count == 0 else { return true }
        state.waiter = continuation
        state.timeoutTask = Task { [timeout] in
          try? await Task.sleep(for: timeout)
          self.giveUp()
        }
        return false
      }
      if fulfilled { continuation.resume(returning: true) }
    }
  }

  private func giveUp() {
    let waiter = state.withLock { state in
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: false)
  }
}

extension ScopeRuntime {
  /// Observes `name` on `center` from now until the test ends, and checks when the body ends
  /// that a matching notification was posted (waiting up to `timeout` for the first one); if
  /// none was, the failure is reported at `location`.
  package func expectNotification(
    _ name: Notification.Name,
    object: AnyObject?,
    center: NotificationCenter,
    timeout: Duration,
    where predicate: (@Sendable (Notification) -> Bool)?,
    at location: CodeLocation
  ) -> NotificationExpectation {
    let expectation = NotificationExpectation(name: name, timeout: timeout)
    let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
      if predicate?(notification) ?? true { expectation.fulfill() }
    }
    let observation = UncheckedSendable((center, token))
    addTeardown(
      Teardown(
        body: .sync { observation.value.0.removeObserver(observation.value.1) }, fixture: nil,
        declaration: nil, dependencyPath: [], location: location,
        timeout: CleanSlateDefaults.teardownTimeout))
    let filter = [
      object.map { " from \(type(of: $0))" }, predicate.map { _ in " matching its predicate" },
    ].compactMap { $0 }.joined()
    addBodyEndCheck(.verify) {
      guard await !expectation.waitForFirst() else { return [] }
      return [
        CleanSlateError(
          .expectationUnmet,
          summary:
            "Expected notification '\(name.rawValue)'\(filter) was not posted by the end of the test body (waited \(timeout) after it).",
          location: location,
          advice:
            "Post it before the body ends (tracked work is awaited first), or give it more time with timeout:."
        )
      ]
    }
    return expectation
  }
}
