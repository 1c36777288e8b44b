import Dispatch

/// The test scopes that have begun and not ended in this process, each watched against its time
/// limit while it runs (``HangWatch``).
///
/// A call that finds no current scope while a test runs comes from a task that does not inherit
/// the test's scope; a test that hangs is reported with what its scope holds.
enum RunningTests {
  private struct Running: @unchecked Sendable {
    weak var scope: ScopeRuntime?
    /// Ends the test when it passes its limit; cancelled when the test ends first.
    let watch: (any DispatchSourceTimer)?
  }

  private static let running = Locked<[ObjectIdentifier: Running]>([:])

  /// Notes that the test of `scope` has begun, and starts watching it.
  static func began(_ scope: ScopeRuntime) {
    let watch = HangWatch.watch(scope)
    running.withLock { $0[ObjectIdentifier(scope)] = Running(scope: scope, watch: watch) }
  }

  /// Notes that the test of `scope` has ended, and stops watching it.
  static func ended(_ scope: ScopeRuntime) {
    let ended = running.withLock { $0.removeValue(forKey: ObjectIdentifier(scope)) }
    ended?.watch?.cancel()
  }

  /// Whether a test scope has begun and not ended.
  static var any: Bool { running.withLock { !$0.isEmpty } }

  /// Whether the test of `scope` is still running.
  static func isRunning(_ scope: ScopeRuntime) -> Bool {
    running.withLock { $0[ObjectIdentifier(scope)]?.scope === scope }
  }

  /// The scopes of the tests running now, the oldest first.
  static var scopes: [ScopeRuntime] {
    running.withLock { $0.values.compactMap(\.scope) }.sorted { $0.began < $1.began }
  }
}
