import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The sentinel's watch over one scope: its first snapshot, taken when the scope began, and
/// what the watches of its descendants reported or handed up to it.
///
/// Per-scope attribution is sound only while no unrelated watched scope runs: a watch that saw
/// another one (not its ancestor or descendant) during its lifetime is *overlapped*; it reports
/// nothing itself and hands what it found up to the nearest watched ancestor as suspects. A
/// suite's watch reports what its tests did not (their overlapped findings included); the root
/// watch, the process scope's, reports at the end of the run. Nothing is reported twice: each
/// report tells every running watch which items it covered.
///
/// Watches of a framework that runs one scope at a time (XCTest) are *serial*: two serial
/// watches never overlap, even when one scope ends late (an XCTest suite ends inside its last
/// test) or runs inside another (a test case run by hand from a test).
final class SentinelWatch: Sendable {
  let scope: ScopeRuntime
  let sentinel: Sentinel
  let location: CodeLocation
  /// The root watch the run did not ask for, started to receive the findings of overlapped
  /// watches: it reports those only.
  let reportsOnlySuspects: Bool
  /// Whether its framework runs one scope at a time.
  let isSerial: Bool
  private let state = Locked(State())

  private struct State {
    var before: ProcessSnapshot?
    /// Which watched processes were running when it began, for state they share with this one.
    var neighbours: (processes: WatchedProcesses, mark: WatchedProcesses.Mark)?
    var overlapped = false
    /// Identities of items another watch reported.
    var reported: Set<String> = []
    /// Items overlapped descendants found, by kind and name.
    var suspects: [String: Suspect] = [:]
    /// Kinds and names a suite or process fixture's setup changed while this scope ran.
    var excused: Set<String> = []
  }

  /// An item an overlapped watch found, and which scopes found it.
  struct Suspect: Sendable {
    var item: LeakedItem
    var scopeNames: [String]
  }

  init(
    scope: ScopeRuntime, sentinel: Sentinel, location: CodeLocation,
    reportsOnlySuspects: Bool = false, isSerial: Bool = false
  ) {
    self.scope = scope
    self.sentinel = sentinel
    self.location = location
    self.reportsOnlySuspects = reportsOnlySuspects
    self.isSerial = isSerial
  }

  var isRoot: Bool { scope.parent == nil }

  /// Takes the first snapshot.
  func begin() {
    let processes = WatchedProcesses.current
    let neighbours = sentinel.checksSharedState ? (processes, processes.mark()) : nil
    let snapshot = ProcessSnapshot.take(sentinel)
    state.withLock { state in
      state.before = snapshot
      state.neighbours = neighbours
    }
  }

  func markOverlapped() { state.withLock { $0.overlapped = true } }

  /// Whether another watch, not this one's ancestor or descendant, ran during its lifetime.
  var isOverlapped: Bool { state.withLock { $0.overlapped } }

  /// Takes the second snapshot and returns what this watch reports, after telling the running
  /// watches what it reported, or handing its findings up to its nearest watched ancestor. A
  /// sentinel that only warns (``Sentinel/warnsOnly``) writes its reports to the trace and to
  /// standard error instead, and returns nothing.
  ///
  /// Threads, descriptors, children and sockets get up to a quarter of a second to settle (a
  /// thread on its way out, a socket an event loop is closing), as goleak retries before it
  /// reports a goroutine; the wait happens only when one was found.
  func finish() async -> [CleanSlateError] {
    guard var (after, items) = firstLook() else { return [] }
    var pause = 1
    while needsToSettle(items), pause <= 128 {
      try? await Task.sleep(for: .milliseconds(pause))
      pause *= 2
      (after, items) = lookAgain(after)
    }
    return conclude(items)
  }

  private func firstLook() -> (ProcessSnapshot, [LeakedItem])? {
    guard let before = state.withLock({ $0.before }) else { return nil }
    let after = ProcessSnapshot.take(sentinel)
    return (after, StateDiff.items(from: before, to: after, sentinel: sentinel))
  }

  private func lookAgain(_ after: ProcessSnapshot) -> (ProcessSnapshot, [LeakedItem]) {
    let after = after.retakingVolatile()
    let before = state.withLock { $0.before }!
    return (after, StateDiff.items(from: before, to: after, sentinel: sentinel))
  }

  private func needsToSettle(_ items: [LeakedItem]) -> Bool {
    items.contains { Self.volatileKinds.contains($0.kind) }
  }

  /// Leaves the running watches and turns what was found into failures, or hands it up.
  private func conclude(_ found: [LeakedItem]) -> [CleanSlateError] {
    let departure = SentinelWatches.shared.unregister(self)
    var items = ownDoing(found)
    let (reported, suspects, excused) = state.withLock { ($0.reported, $0.suspects, $0.excused) }
    items.removeAll { reported.contains($0.identity) || excused.contains(Self.key(of: $0)) }
    if reportsOnlySuspects {
      let confirmed = items.filter { suspects[Self.key(of: $0)] != nil }
      // Findings of kinds this watch does not check cannot be confirmed here: kept as found.
      let unchecked = suspects.values.map(\.item).filter { !sentinel.kinds.contains($0.kind) }
      items = confirmed + unchecked.filter { !reported.contains($0.identity) }
    }
    guard !items.isEmpty else { return [] }

    if departure.overlapped && !isRoot, let nearest = departure.ancestors.first {
      nearest.receive(
        items.map { item in
          let earlier = suspects[Self.key(of: item)]?.scopeNames ?? []
          return Suspect(item: item, scopeNames: earlier + [scope.name])
        })
      return []
    }
    for watch in SentinelWatches.shared.running() { watch.covered(items) }
    let named = items.reduce(into: [String: [String]]()) { named, item in
      if let suspect = suspects[Self.key(of: item)] { named[item.identity] = suspect.scopeNames }
    }
    let failures = LeakReport.failures(
      items, subject: subject, when: when, suspects: named, location: location)
    guard sentinel.warnsOnly else { return failures }
    scope.traceIssues(failures)
    for failure in failures {
      FileHandle.standardError.write(Data("[CleanSlate] warning: \(failure)\n".utf8))
    }
    return []
  }

  /// `found` without what another watched process may have changed alongside this watch: state
  /// the test processes of a package share (``WatchedProcesses``).
  private func ownDoing(_ found: [LeakedItem]) -> [LeakedItem] {
    guard let neighbours = state.withLock({ $0.neighbours }),
      found.contains(where: { $0.kind == .userDefaults || $0.kind == .files })
    else { return found }
    return WatchedProcesses.attributable(
      found, alongside: neighbours.processes.alongside(since: neighbours.mark),
      packageDirectory: FileRootLocations.packageDirectory)
  }

  private static let volatileKinds: Set<Sentinel.Kind> = [
    .fileDescriptors, .threads, .childProcesses, .listeningSockets,
  ]

  /// Notes items another watch reported, so that this one does not report them again.
  private func covered(_ items: [LeakedItem]) {
    state.withLock { state in
      for item in items { state.reported.insert(item.identity) }
    }
  }

  /// Notes what the setup of a fixture of a wider scope changed while this scope ran: not this
  /// scope's doing.
  func excuse(_ items: [LeakedItem]) {
    state.withLock { state in
      for item in items { state.excused.insert(Self.key(of: item)) }
    }
  }

  /// Takes findings of an overlapped descendant.
  private func receive(_ findings: [Suspect]) {
    state.withLock { state in
      for finding in findings {
        let key = Self.key(of: finding.item)
        let earlier = state.suspects[key]?.scopeNames ?? []
        state.suspects[key] = Suspect(
          item: state.suspects[key]?.item ?? finding.item,
          scopeNames: earlier + finding.scopeNames.filter { !earlier.contains($0) })
      }
    }
  }

  /// What matches an item found by another watch: its kind and first name (the variable, the
  /// path, the thread's name), whatever the value was when each watch began.
  private static func key(of item: LeakedItem) -> String {
    "\(item.kind.name)\t\(item.names.first ?? item.line)"
  }

  private var subject: String {
    switch scope.kind {
    case .test: "Test '\(scope.name)'"
    case .suite: "Suite '\(scope.name)'"
    case .process: "The test run"
    }
  }

  private var when: String {
    switch scope.kind {
    case .test: "after its teardowns"
    case .suite: "after its tests and teardowns"
    case .process: "at its end"
    }
  }
}
