package import CleanSlate

/// An ordered, thread-safe list of what happened, for asserting lifecycle order.
package final class Journal: Sendable {
  private let entries = Locked<[String]>([])

  package init() {}

  package func record(_ entry: String) { entries.withLock { $0.append(entry) } }

  package var all: [String] { entries.value }

  package func count(of entry: String) -> Int { all.filter { $0 == entry }.count }
}

/// Collects every lifecycle event it observes.
package final class EventRecorder: LifecycleObserver {
  private let events = Locked<[LifecycleEvent]>([])

  package init() {}

  package func observe(_ event: LifecycleEvent) { events.withLock { $0.append(event) } }

  package var all: [LifecycleEvent] { events.value }

  /// The events as short strings: `setupEnd db passed`.
  package var outline: [String] {
    all.map { event in
      [event.phase.rawValue, event.fixture ?? event.scopeName, event.outcome?.rawValue]
        .compactMap { $0 }.joined(separator: " ")
    }
  }
}

/// An error thrown on purpose by test fixtures.
package struct Boom: Error, CustomStringConvertible {
  package var label = "boom"

  package init(label: String = "boom") { self.label = label }

  package var description: String { label }
}

/// A thread-safe counter.
package final class Counter: Sendable {
  private let count = Locked(0)

  package init() {}

  /// Adds one and returns the new count.
  @discardableResult
  package func increment() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }

  package var value: Int { count.value }
}

/// A suite and a test scope under a private root, so tests never share the real process scope.
package struct Scopes {
  package let root: ScopeRuntime
  package let suite: ScopeRuntime

  package init(observer: (any LifecycleObserver)? = nil) {
    root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(observer), sink: .collecting)
    suite = ScopeRuntime(.suite, name: "Suite", parent: root)
  }

  /// A test scope in the suite; its failures go to the current ``FailureCollector``.
  package func test(_ name: String = "Suite/test()") -> ScopeRuntime {
    ScopeRuntime(.test, name: name, parent: suite)
  }
}
