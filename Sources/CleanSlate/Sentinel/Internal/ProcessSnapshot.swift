import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process state the sentinel compares, at one moment: only the kinds it was asked for,
/// each as cheap to take as it can be (numbers and raw bytes; names and targets are looked up
/// later, for what changed).
package struct ProcessSnapshot: Sendable {
  var environment: EnvironmentImage?
  var currentDirectory: String?
  var userDefaults: DefaultsImage?
  var files: FileTreeImage?
  var fileDescriptors: [Int32]?
  var threads: [Int32]?
  var children: [Int32]?

  /// Takes the kinds `sentinel` checks.
  package static func take(_ sentinel: Sentinel) -> ProcessSnapshot {
    take(sentinel.kinds, roots: sentinel.fileRoots)
  }

  /// Takes `kinds`; files under `roots`.
  static func take(_ kinds: Set<Sentinel.Kind>, roots: [Sentinel.FileRoot]) -> ProcessSnapshot {
    var snapshot = ProcessSnapshot()
    if kinds.contains(.environment) { snapshot.environment = .capture() }
    if kinds.contains(.currentDirectory) { snapshot.currentDirectory = currentDirectory() }
    if kinds.contains(.userDefaults) { snapshot.userDefaults = .capture() }
    if kinds.contains(.files) {
      let resolved = roots.compactMap { root in root.path.map { (path: $0, depth: root.depth) } }
      snapshot.files = FileTree.shared.snapshot(roots: resolved, excluded: excludedPaths)
    }
    if kinds.contains(.fileDescriptors) || kinds.contains(.listeningSockets) {
      snapshot.fileDescriptors = ProcessProbe.fileDescriptors()
    }
    if kinds.contains(.threads) { snapshot.threads = ProcessProbe.threads() }
    if kinds.contains(.childProcesses) { snapshot.children = ProcessProbe.children() }
    return snapshot
  }

  /// Retakes the kinds that can settle on their own shortly after a test (a thread exiting, a
  /// descriptor closed by an event loop, a child reaped), keeping the rest.
  func retakingVolatile() -> ProcessSnapshot {
    var snapshot = self
    if fileDescriptors != nil { snapshot.fileDescriptors = ProcessProbe.fileDescriptors() }
    if threads != nil { snapshot.threads = ProcessProbe.threads() }
    if children != nil { snapshot.children = ProcessProbe.children() }
    return snapshot
  }

  /// The current directory's path.
  static func currentDirectory() -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
      guard getcwd(buffer.baseAddress!, buffer.count) != nil else { return nil }
      let length = strlen(buffer.baseAddress!)
      return String(
        decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: length),
        as: UTF8.self)
    }
  }

  /// Paths never listed: CleanSlate's sandboxes, and the trace file if it is written in a root.
  static let excludedPaths: Set<String> = {
    var paths: Set<String> = [ProcessSandbox.shared.root.standardizedFileURL.path]
    if let trace = ProcessEnvironment.value(of: "CLEANSLATE_TRACE"), trace.hasPrefix("/") {
      paths.insert(URL(fileURLWithPath: trace).standardizedFileURL.path)
    }
    return paths
  }()
}

/// The values `UserDefaults.standard` answers with: the application's domain, what was
/// registered with `register(defaults:)`, the argument and global domains.
///
/// `dictionaryRepresentation()` reflects a change at once, where `persistentDomain(forName:)`
/// needs `synchronize()` (a write to disk) first on Linux; it costs about 9 µs with no keys and
/// 6 µs more per key there.
struct DefaultsImage: @unchecked Sendable {
  /// Property-list values: immutable once read.
  let values: [String: Any]

  static func capture() -> DefaultsImage {
    DefaultsImage(values: UserDefaults.standard.dictionaryRepresentation())
  }

  func isEqual(to other: DefaultsImage) -> Bool {
    NSDictionary(dictionary: values).isEqual(to: other.values)
  }
}
