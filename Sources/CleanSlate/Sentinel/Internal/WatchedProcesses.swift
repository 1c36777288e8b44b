import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The test processes the sentinel watches on this machine, to tell whether one that shares state
/// with this process ran alongside a watch.
///
/// The test processes of a package share its directory, and those of a test bundle share its
/// standard `UserDefaults` domain (on Linux, a process sees another's keys as soon as it
/// synchronizes). Under `swift test --parallel`, which runs one XCTest process per test, what
/// changes there while a test runs may be another process's doing, so it is not blamed on the
/// test. Each watched process leaves a marker, `<sandbox root>/sentinels/<pid>-<start time>`,
/// naming its package directory and its defaults domain.
///
/// A watch ran alongside another process when a related one (the same package, a package inside
/// it or around it; the same defaults domain) was alive when it began or when it ended, or left
/// its marker in between, even if it is gone by then. So a marker stays after its process ends
/// for as long as a live process began before it: a process sweeps, when it leaves its own, the
/// markers of dead processes older than every live one's.
package final class WatchedProcesses: Sendable {
  /// State the test processes of one package share.
  package enum SharedState: Sendable, Hashable, CaseIterable {
    case packageDirectory
    case userDefaults
  }

  /// What a watched process shares with others.
  struct Identity: Sendable, Hashable {
    /// The package directory, if it has one.
    var package: String?
    /// The domain of its standard `UserDefaults`.
    var defaultsDomain: String

    /// The state this process shares with `other`.
    func shared(with other: Identity) -> Set<SharedState> {
      var shared: Set<SharedState> = []
      if defaultsDomain == other.defaultsDomain { shared.insert(.userDefaults) }
      if let package, let theirs = other.package,
        package == theirs || package.hasPrefix(theirs + "/") || theirs.hasPrefix(package + "/")
      {
        shared.insert(.packageDirectory)
      }
      return shared
    }
  }

  /// The markers at one moment.
  struct Listing: Sendable {
    var modified: Int64
    /// Read so soon after a change that another one could keep the same time: read again.
    var isRacy: Bool
    /// The other processes' identities, by process.
    var markers: [ProcessIdentity: Identity]
  }

  /// What a watch notes when it begins.
  package struct Mark: Sendable {
    var listing: Listing?
    var alongside: Set<SharedState>
  }

  /// The processes watches look at: this machine's, or those a test of the sentinel gives them
  /// (it runs alongside other runs of the same test bundle).
  @TaskLocal package static var current = shared

  package static let shared = WatchedProcesses(
    directory: ProcessSandbox.shared.root.appendingPathComponent("sentinels").path,
    owner: .current,
    identity: Identity(
      package: FileRootLocations.packageDirectory,
      defaultsDomain: Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName))

  let directory: String
  let owner: ProcessIdentity
  let identity: Identity
  private let state = Locked<(registered: Bool, listing: Listing?)>((false, nil))

  init(directory: String, owner: ProcessIdentity, identity: Identity) {
    self.directory = directory
    self.owner = owner
    self.identity = identity
  }

  /// Leaves this process's marker (once), and sweeps the markers of dead processes that no live
  /// one needs: those older than every live process's marker. The directory's parent must exist.
  package func register() {
    state.withLock { state in
      guard !state.registered else { return }
      state.registered = true
      guard mkdir(directory, 0o700) == 0 || errno == EEXIST else { return }
      let marker = FileTree.join(directory, owner.description)
      let text = "\(identity.package ?? "")\n\(identity.defaultsDomain)\n"
      try? Data(text.utf8).write(to: URL(fileURLWithPath: marker), options: .atomic)
      var dead: [(path: String, modified: Int64)] = []
      var oldestLive = Int64.max
      for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
        let path = FileTree.join(directory, name)
        var info = stat()
        guard let process = ProcessIdentity(directoryName: name), lstat(path, &info) == 0 else {
          continue
        }
        let modified = FileTree.nanoseconds(info)
        if process == owner || process.isAlive {
          oldestLive = min(oldestLive, modified)
        } else {
          dead.append((path, modified))
        }
      }
      for marker in dead where marker.modified < oldestLive { unlink(marker.path) }
    }
  }

  /// What a watch notes when it begins.
  package func mark() -> Mark {
    let listing = currentListing()
    return Mark(listing: listing, alongside: aliveAndRelated(in: listing?.markers ?? [:]))
  }

  /// The shared state another process may have changed since `mark`: what this process shares
  /// with those alive then or now, and with those that left their marker in between.
  package func alongside(since mark: Mark) -> Set<SharedState> {
    let markers = currentListing()?.markers ?? [:]
    let before = mark.listing?.markers ?? [:]
    var shared = mark.alongside.union(aliveAndRelated(in: markers))
    for (process, other) in markers where before[process] == nil {
      shared.formUnion(identity.shared(with: other))
    }
    return shared
  }

  private func aliveAndRelated(in markers: [ProcessIdentity: Identity]) -> Set<SharedState> {
    var shared: Set<SharedState> = []
    for (process, other) in markers {
      let related = identity.shared(with: other)
      if !related.isSubset(of: shared), process.isAlive { shared.formUnion(related) }
    }
    return shared
  }

  /// The markers now: read again only when the directory changed (or was read in a racy moment).
  private func currentListing() -> Listing? {
    var info = stat()
    guard lstat(directory, &info) == 0 else { return nil }
    let modified = FileTree.nanoseconds(info)
    if let cached = state.withLock({ $0.listing }), !cached.isRacy, cached.modified == modified {
      return cached
    }
    var markers: [ProcessIdentity: Identity] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
      guard let process = ProcessIdentity(directoryName: name), process != owner,
        let text = try? String(contentsOfFile: FileTree.join(directory, name), encoding: .utf8)
      else { continue }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard lines.count >= 2 else { continue }
      markers[process] = Identity(
        package: lines[0].isEmpty ? nil : lines[0], defaultsDomain: lines[1])
    }
    let listing = Listing(
      modified: modified, isRacy: FileTree.now() - modified < FileTree.racyWindow,
      markers: markers)
    state.withLock { $0.listing = listing }
    return listing
  }

  /// `items` without those of state another process may have changed alongside: standard
  /// defaults keys, files in the package directory.
  static func attributable(
    _ items: [LeakedItem], alongside: Set<SharedState>, packageDirectory: String?
  ) -> [LeakedItem] {
    guard !alongside.isEmpty else { return items }
    return items.filter { item in
      switch item.kind {
      case .userDefaults: return !alongside.contains(.userDefaults)
      case .files:
        guard alongside.contains(.packageDirectory), let packageDirectory,
          let path = item.names.first
        else { return true }
        return !path.hasPrefix(packageDirectory + "/")
      default: return true
      }
    }
  }
}
