#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The entries of the directories under the watched roots, at one moment.
struct FileTreeImage: Sendable {
  /// Each listed directory, by path.
  var directories: [String: DirectoryEntries] = [:]
  /// The roots, longest first, to name a file relative to its root.
  var roots: [String] = []
}

/// One directory's entries (directories end with `/`), and what tells whether it changed since.
final class DirectoryEntries: Sendable {
  let entries: [String]
  let modified: Int64
  let inode: UInt64
  /// Modified so shortly before it was read that a later change could keep the same time
  /// (timestamps move by clock ticks): such a directory is read again next time.
  let isRacy: Bool

  init(entries: [String], modified: Int64, inode: UInt64, isRacy: Bool) {
    self.entries = entries
    self.modified = modified
    self.inode = inode
    self.isRacy = isRacy
  }
}

/// Lists the directories under the watched roots, reading again only the directories whose
/// modification time changed: creating, removing or renaming an entry changes its directory's
/// time, so a snapshot costs one `lstat` per directory when nothing changed.
///
/// A directory modified less than ``racyWindow`` before it was read is read again next time
/// whatever its time says (as Git does for files changed in the second it indexed them).
final class FileTree: Sendable {
  static let shared = FileTree()

  static let racyWindow: Int64 = 50_000_000

  private let cache = Locked<[String: DirectoryEntries]>([:])

  /// The entries under `roots` now, leaving out those never listed (``isNeverListed(_:)``) and
  /// `excluded` paths (CleanSlate's sandboxes).
  func snapshot(roots: [(path: String, depth: Int)], excluded: Set<String>) -> FileTreeImage {
    var known = cache.withLock { $0 }
    var image = FileTreeImage()
    image.roots = roots.map(\.path).sorted { $0.count > $1.count }
    var updates: [String: DirectoryEntries] = [:]
    let now = Self.now()
    var pending = roots.map { ($0.path, $0.depth) }
    while let (path, depth) = pending.popLast() {
      guard image.directories[path] == nil, depth > 0, !excluded.contains(path) else { continue }
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
      let modified = Self.nanoseconds(info)
      let listing: DirectoryEntries
      if let cached = known[path], !cached.isRacy, cached.modified == modified,
        cached.inode == UInt64(info.st_ino)
      {
        listing = cached
      } else {
        guard let entries = Self.entries(of: path, excluded: excluded) else { continue }
        listing = DirectoryEntries(
          entries: entries, modified: modified, inode: UInt64(info.st_ino),
          isRacy: now - modified < Self.racyWindow)
        updates[path] = listing
        known[path] = listing
      }
      image.directories[path] = listing
      guard depth > 1 else { continue }
      for entry in listing.entries where entry.hasSuffix("/") {
        pending.append((Self.join(path, String(entry.dropLast())), depth - 1))
      }
    }
    if !updates.isEmpty {
      cache.withLock { cache in cache.merge(updates) { _, new in new } }
    }
    return image
  }

  /// The entries of a directory, sorted, directories with a trailing `/`.
  private static func entries(of path: String, excluded: Set<String>) -> [String]? {
    guard let stream = opendir(path) else { return nil }
    defer { closedir(stream) }
    var entries: [String] = []
    while let entry = readdir(stream) {
      let type = entry.pointee.d_type
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != "..", !Self.isNeverListed(name) else { continue }
      let full = join(path, name)
      guard !excluded.contains(full) else { continue }
      var isDirectory = type == UInt8(DT_DIR)
      if type == UInt8(DT_UNKNOWN) {
        var info = stat()
        isDirectory = lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      }
      entries.append(isDirectory ? name + "/" : name)
    }
    entries.sort()
    return entries
  }

  /// Whether an entry is one the sentinel never lists: `.git`, and what `swift build` writes in a
  /// package while tests run (`.build*`, `.swiftpm`, `Package.resolved`), here or in a package
  /// nested in it.
  static func isNeverListed(_ name: String) -> Bool {
    name == ".git" || name.hasPrefix(".build") || name == ".swiftpm" || name == "Package.resolved"
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  static func nanoseconds(_ info: stat) -> Int64 {
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
