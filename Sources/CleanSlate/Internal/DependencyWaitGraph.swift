/// Who is waiting for whose setup, across every scope and task, to turn a dependency cycle into
/// an error instead of a hang.
///
/// An edge `a → b` exists while the setup of `a` waits for `b`. Adding an edge that closes a
/// loop means the fixtures depend on each other: it is refused with the loop's names. This
/// catches a cycle inside one test and also two parallel tests that each started one end of it.
final class DependencyWaitGraph: Sendable {
  static let shared = DependencyWaitGraph()

  private let edges = Locked<[ObjectIdentifier: [FixtureEntry]]>([:])

  /// Records that `waiter` waits for `target`, or returns the cycle this would close, as names
  /// from `waiter` back to `waiter`.
  func addEdge(from waiter: FixtureEntry, to target: FixtureEntry) -> [String]? {
    edges.withLock { edges in
      if let loop = Self.path(from: target, to: waiter, in: edges) {
        return [waiter.name] + loop.map(\.name)
      }
      edges[ObjectIdentifier(waiter), default: []].append(target)
      return nil
    }
  }

  /// Removes one edge added by ``addEdge(from:to:)``.
  func removeEdge(from waiter: FixtureEntry, to target: FixtureEntry) {
    edges.withLock { edges in
      let key = ObjectIdentifier(waiter)
      guard var targets = edges[key], let index = targets.firstIndex(where: { $0 === target })
      else { return }
      targets.remove(at: index)
      edges[key] = targets.isEmpty ? nil : targets
    }
  }

  /// A path of entries from `start` to `goal` (both included), if one exists.
  private static func path(
    from start: FixtureEntry, to goal: FixtureEntry, in edges: [ObjectIdentifier: [FixtureEntry]]
  ) -> [FixtureEntry]? {
    var stack: [[FixtureEntry]] = [[start]]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
    while let path = stack.popLast() {
      let last = path[path.count - 1]
      if last === goal { return path }
      for next in edges[ObjectIdentifier(last)] ?? []
      where seen.insert(ObjectIdentifier(next)).inserted {
        stack.append(path + [next])
      }
    }
    return nil
  }
}
