import CleanSlate

/// An ordered, thread-safe list of what happened, for asserting lifecycle order.
final class Journal: Sendable {
  private let entries = Locked<[String]>([])

  func record(_ entry: String) { entries.withLock { $0.append(entry) } }

  var all: [String] { entries.value }

  func count(of entry: String) -> Int { all.filter { $0 == entry }.count }
}

/// Collects every lifecycle event it observes.
final class EventRecorder: LifecycleObserver {
  private let events = Locked<[LifecycleEvent]>([])

  func observe(_ event: LifecycleEvent) { events.withLock { $0.append(event) } }

  var all: [LifecycleEvent] { events.value }

  /// The events as short strings: `setupEnd db passed`.
  var outline: [String] {
    all.map { event in
      [event.phase.rawValue, event.fixture ?? event.scopeName, event.outcome?.rawValue]
        .compactMap { $0 }.joined(separator: " ")
    }
  }
}

/// An error thrown on purpose by test fixtures.
struct Boom: Error, CustomStringConvertible {
  var label = "boom"
  var description: String { label }
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let count = Locked(0)

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }

  var value: Int { count.value }
}
