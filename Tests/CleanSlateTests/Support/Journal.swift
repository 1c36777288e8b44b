@testable import CleanSlate

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

/// A suite and a test scope under a private root, so tests never share the real process scope.
struct Scopes {
  let root: ScopeRuntime
  let suite: ScopeRuntime

  init(observer: (any LifecycleObserver)? = nil) {
    root = ScopeRuntime(.process, name: "process", parent: nil, observer: .some(observer))
    suite = ScopeRuntime(.suite, name: "Suite", parent: root)
  }

  func test(_ name: String = "Suite/test()") -> ScopeRuntime {
    ScopeRuntime(.test, name: name, parent: suite)
  }
}
