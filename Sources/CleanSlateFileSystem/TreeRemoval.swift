package import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Removes the file, link or directory tree at `url`, never following a symbolic link.
///
/// A link inside the tree is removed as a link; what it points to is left alone, even if a
/// directory is swapped for a link while the removal runs. Directories without permissions are
/// given `u+rwx` before being emptied. A mount point of another file system inside the tree is
/// refused, not crossed. The last component of `url` is not followed either: if it is a link,
/// the link is removed. Nothing at `url` is not an error.
///
/// - Throws: ``FileSystemError`` for the first entry that could not be removed (the removal
///   still goes on with the others).
package func removeTree(at url: URL) throws {
  try TreeRemoval().removeTree(atPath: url.path)
}

/// Removes everything inside the directory at `url` and keeps the directory, never following a
/// symbolic link.
///
/// The directory itself must not be a symbolic link (its parents may be). See
/// ``removeTree(at:)`` for what is and is not followed.
///
/// - Throws: ``FileSystemError`` when `url` is not a directory or is a link, or for the first
///   entry that could not be removed.
package func removeContents(of url: URL) throws {
  try TreeRemoval().removeContents(ofPath: url.path)
}

/// The link-safe removal behind ``removeTree(at:)`` and ``removeContents(of:)``.
///
/// It walks the tree through directory descriptors (`openat`, `fstatat`, `unlinkat`), one
/// name at a time, so a path is never resolved again once its directory is open: swapping a
/// directory for a link between two steps makes the next step fail and look again, never follow.
package struct TreeRemoval {
  /// A step of the walk, reported to ``onEvent`` (tests use it to change the tree mid-removal).
  package enum Event: Sendable, Equatable {
    /// A directory was found and is about to be opened.
    case willOpenDirectory(String)
    /// A directory was opened and is about to be emptied.
    case didOpenDirectory(String)
  }

  /// Called at each step of the walk.
  package var onEvent: (Event) -> Void
  /// How many times an entry that keeps changing under the removal is looked at again.
  package var maximumAttempts = 8

  package init(onEvent: @escaping (Event) -> Void = { _ in }) {
    self.onEvent = onEvent
  }

  /// Removes the entry at `path` and, if it is a directory, everything inside it.
  package func removeTree(atPath path: String) throws {
    let (parentPath, name) = try split(path)
    let parent = open(parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard parent >= 0 else {
      if errno == ENOENT { return }
      throw FileSystemError("open the parent directory of", path: path)
    }
    defer { close(parent) }
    try removeEntry(named: name, in: parent, path: path, device: nil)
  }

  /// Removes everything inside the directory at `path`, which must not be a link.
  package func removeContents(ofPath path: String) throws {
    let directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard directory >= 0 else {
      let code = errno
      let isLink = code == ELOOP || (code == ENOTDIR && isSymbolicLink(path))
      throw FileSystemError(
        "empty", path: path, code: code,
        reason: isLink ? "it is a symbolic link, which is never followed" : nil)
    }
    defer { close(directory) }
    var info = stat()
    guard fstat(directory, &info) == 0 else { throw FileSystemError("inspect", path: path) }
    if info.st_mode & 0o700 != 0o700, fchmod(directory, (info.st_mode & 0o7777) | 0o700) != 0 {
      throw FileSystemError("make writable", path: path)
    }
    for _ in 0..<maximumAttempts {
      if try entryNames(in: directory, path: path).isEmpty { return }
      try removeEntries(in: directory, path: path, device: info.st_dev)
    }
    throw FileSystemError(
      "empty", path: path, code: 0,
      reason: "it kept being refilled during removal (\(maximumAttempts) attempts)")
  }

  // MARK: - The walk

  /// Removes one entry of the directory `parent`, looking at it again if it changes under us.
  private func removeEntry(
    named name: String, in parent: Int32, path: String, device: dev_t?
  )
    throws
  {
    for _ in 0..<maximumAttempts {
      var info = stat()
      guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
        if errno == ENOENT { return }
        throw FileSystemError("inspect", path: path)
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        // A file or a link (never followed): unlinking removes the name only.
        if unlinkat(parent, name, 0) == 0 || errno == ENOENT { return }
        if errno == EISDIR || errno == EPERM { continue }  // swapped for a directory
        throw FileSystemError("remove", path: path)
      }
      if let device, info.st_dev != device {
        throw FileSystemError(
          "remove", path: path, code: 0,
          reason: "it is a mount point of another file system, which removal never crosses")
      }
      onEvent(.willOpenDirectory(path))
      if info.st_mode & 0o700 != 0o700,
        fchmodat(parent, name, (info.st_mode & 0o7777) | 0o700, AT_SYMLINK_NOFOLLOW) != 0
      {
        if [ENOENT, EOPNOTSUPP, ENOTSUP].contains(errno) { continue }  // gone, or now a link
        throw FileSystemError("make writable", path: path)
      }
      let directory = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard directory >= 0 else {
        if [ENOENT, ELOOP, ENOTDIR].contains(errno) { continue }  // swapped for a link or file
        throw FileSystemError("open", path: path)
      }
      let contentsError: (any Error)?
      do {
        onEvent(.didOpenDirectory(path))
        try removeEntries(in: directory, path: path, device: device ?? info.st_dev)
        contentsError = nil
      } catch {
        contentsError = error
      }
      close(directory)
      if let contentsError { throw contentsError }
      if unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT { return }
      if [ENOTEMPTY, EEXIST, ENOTDIR].contains(errno) { continue }  // refilled or swapped
      throw FileSystemError("remove directory", path: path)
    }
    throw FileSystemError(
      "remove", path: path, code: 0,
      reason: "it kept changing during removal (\(maximumAttempts) attempts)")
  }

  /// Removes every entry of an open directory; goes on after a failure and throws the first.
  private func removeEntries(in directory: Int32, path: String, device: dev_t) throws {
    var firstError: (any Error)?
    for name in try entryNames(in: directory, path: path) {
      do {
        try removeEntry(named: name, in: directory, path: path + "/" + name, device: device)
      } catch {
        firstError = firstError ?? error
      }
    }
    if let firstError { throw firstError }
  }

  /// The names in an open directory, without `.` and `..`, read from its start.
  private func entryNames(in directory: Int32, path: String) throws -> [String] {
    let copy = dup(directory)
    guard copy >= 0 else { throw FileSystemError("read", path: path) }
    guard let stream = fdopendir(copy) else {
      let code = errno
      close(copy)
      throw FileSystemError("read", path: path, code: code)
    }
    defer { closedir(stream) }
    rewinddir(stream)  // the copy shares its offset with `directory`, which may be at the end
    var names: [String] = []
    errno = 0
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    if errno != 0 { throw FileSystemError("read", path: path) }
    return names
  }

  // MARK: - Paths

  /// Splits a path into its parent directory and last component, refusing `/`, `.` and `..`.
  private func split(_ path: String) throws -> (parent: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    let slash = trimmed.lastIndex(of: "/")
    let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? String(trimmed)
    guard !name.isEmpty, name != ".", name != ".." else {
      throw FileSystemError(
        "remove", path: path, code: 0,
        reason: "a tree is removed by a path that names it, not by '/', '.' or '..'")
    }
    let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
    return (parent, name)
  }

  private func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }
}
