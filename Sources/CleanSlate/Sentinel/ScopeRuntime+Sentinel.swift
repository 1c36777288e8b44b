extension ScopeRuntime {
  /// Starts the sentinel's watch over this scope: takes the first snapshot now, and registers
  /// the check that takes the second once every teardown of the scope has run and returns what
  /// changed as failures (code ``CleanSlateError/Code/stateLeaked``), one per kind.
  ///
  /// The integrations call it right after creating the scope, before any fixture is set up, for
  /// the sentinel the test asked for (or ``Sentinel/runWide``). The first watch under a root
  /// scope also starts the root's watch, which receives the findings of watches that ran
  /// alongside other watched scopes and reports them when the root ends (the end of the run).
  ///
  /// - Parameters:
  ///   - location: Where failures point: the test's declaration when the framework knows it,
  ///     else where the sentinel was configured.
  ///   - serial: Whether the framework runs one scope at a time (XCTest): serial watches never
  ///     overlap each other.
  package func watchState(
    _ sentinel: Sentinel, at location: CodeLocation? = nil, serial: Bool = false
  ) {
    guard !sentinel.checksNothing else { return }
    sentinel.prepareProcess()
    let root = rootScope
    if root === self {
      startRootWatch(sentinel, reportsOnlySuspects: false)
      return
    }
    if SentinelWatches.shared.rootWatch(of: root) == nil {
      if let runWide = Sentinel.runWide, root === ScopeRuntime.process {
        root.startRootWatch(runWide, reportsOnlySuspects: false)
      } else {
        root.startRootWatch(sentinel, reportsOnlySuspects: true)
      }
    }
    let watch = SentinelWatch(
      scope: self, sentinel: sentinel, location: location ?? sentinel.location, isSerial: serial)
    guard SentinelWatches.shared.register(watch) else { return }
    watch.begin()
    addAfterTeardownCheck(watch.finish)
  }

  /// The scope at the top of this one's parents.
  private var rootScope: ScopeRuntime {
    var scope = self
    while let parent = scope.parent { scope = parent }
    return scope
  }

  /// Starts this root scope's watch, unless it has one: the run's (``Sentinel/runWide``),
  /// reporting everything, or one that reports only what overlapped watches hand up to it.
  private func startRootWatch(_ sentinel: Sentinel, reportsOnlySuspects: Bool) {
    let watch = SentinelWatch(
      scope: self, sentinel: sentinel, location: sentinel.location,
      reportsOnlySuspects: reportsOnlySuspects)
    guard SentinelWatches.shared.registerRoot(watch) else { return }
    watch.begin()
    addAfterTeardownCheck(watch.finish)
  }

  /// Whether `other` is one of this scope's parents, however far up.
  func isDescendant(of other: ScopeRuntime) -> Bool {
    var scope = parent
    while let current = scope {
      if current === other { return true }
      scope = current.parent
    }
    return false
  }
}

/// The watches running in the process, to tell which ones overlap.
final class SentinelWatches: Sendable {
  static let shared = SentinelWatches()

  let state = Locked(State())

  struct State {
    /// Watches of scopes that have a parent, by scope.
    var active: [ObjectIdentifier: SentinelWatch] = [:]
    /// Watches of root scopes (the process scope), by scope; they never overlap anything.
    var roots: [ObjectIdentifier: SentinelWatch] = [:]
  }

  /// The running watch of a root scope, if it has one.
  func rootWatch(of root: ScopeRuntime) -> SentinelWatch? {
    state.withLock { $0.roots[ObjectIdentifier(root)] }
  }

  /// Adds a root scope's watch; `false`, adding nothing, if the root is watched already.
  func registerRoot(_ watch: SentinelWatch) -> Bool {
    state.withLock { state in
      let key = ObjectIdentifier(watch.scope)
      guard state.roots[key] == nil else { return false }
      state.roots[key] = watch
      return true
    }
  }

  /// Adds a watch, marking it and every running watch that is not its ancestor or descendant
  /// (unless both are serial) as overlapped. Returns `false`, adding nothing, if its scope is
  /// watched already.
  func register(_ watch: SentinelWatch) -> Bool {
    state.withLock { state in
      let key = ObjectIdentifier(watch.scope)
      guard state.active[key] == nil else { return false }
      for other in state.active.values
      where !(watch.isSerial && other.isSerial) && !watch.scope.isDescendant(of: other.scope)
        && !other.scope.isDescendant(of: watch.scope)
      {
        other.markOverlapped()
        watch.markOverlapped()
      }
      state.active[key] = watch
      return true
    }
  }

  /// What a watch learns as it leaves the running ones.
  struct Departure {
    /// Whether another watch, not its ancestor or descendant, ran during its lifetime.
    var overlapped: Bool
    /// Its watched ancestors, nearest first, the root's last.
    var ancestors: [SentinelWatch]
  }

  /// Every watch still running, roots included.
  func running() -> [SentinelWatch] {
    state.withLock { Array($0.active.values) + Array($0.roots.values) }
  }

  /// Removes a watch from the running ones.
  func unregister(_ watch: SentinelWatch) -> Departure {
    state.withLock { state in
      let key = ObjectIdentifier(watch.scope)
      if watch.isRoot {
        if state.roots[key] === watch { state.roots[key] = nil }
        return Departure(overlapped: false, ancestors: [])
      }
      if state.active[key] === watch { state.active[key] = nil }
      var ancestors: [SentinelWatch] = []
      var scope = watch.scope.parent
      while let current = scope {
        let key = ObjectIdentifier(current)
        if let ancestor = state.active[key] ?? state.roots[key] { ancestors.append(ancestor) }
        scope = current.parent
      }
      return Departure(overlapped: watch.isOverlapped, ancestors: ancestors)
    }
  }

  /// Watches the setup of a suite- or process-scoped fixture of `scope` while tests under it are
  /// watched, so that what the setup changes is not blamed on the test that happened to ask
  /// first: it belongs to `scope`, whose own watch (or the run's) reports it if it is not
  /// restored. `nil` when no test under `scope` is watched.
  func watchSharedSetup(in scope: ScopeRuntime) -> SharedSetupWatch? {
    let watching = state.withLock { state in
      state.active.values.filter { $0.scope.isDescendant(of: scope) }
    }
    guard let sentinel = watching.first?.sentinel else { return nil }
    return SharedSetupWatch(
      scope: scope, sentinel: sentinel, before: ProcessSnapshot.take(sentinel))
  }
}

/// A watch over one shared fixture's setup (``SentinelWatches/watchSharedSetup(in:)``).
struct SharedSetupWatch {
  let scope: ScopeRuntime
  let sentinel: Sentinel
  let before: ProcessSnapshot

  /// Excuses the watched tests under the scope from what the setup changed.
  func finish() {
    let items = StateDiff.items(
      from: before, to: ProcessSnapshot.take(sentinel), sentinel: sentinel)
    guard !items.isEmpty else { return }
    let watching = SentinelWatches.shared.state.withLock { state in
      state.active.values.filter { $0.scope.isDescendant(of: scope) }
    }
    for watch in watching { watch.excuse(items) }
  }
}
