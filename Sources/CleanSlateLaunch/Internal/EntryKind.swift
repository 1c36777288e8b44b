#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What is at a path, looked at without following a final symbolic link (`lstat`).
enum EntryKind: Equatable {
  case file
  case directory
  case symbolicLink
  case other

  /// `nil` when nothing is there.
  init?(atPath path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFREG: self = .file
    default: self = .other
    }
  }
}
