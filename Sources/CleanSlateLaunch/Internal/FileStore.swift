#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Resets a declared file: unlinks it (a link is removed as a link, never followed).
struct FileStore {
  let path: String

  func plan() -> StoreResult {
    switch EntryKind(atPath: path) {
    case nil: StoreResult()
    case .directory: StoreResult(failures: [Self.directoryRefusal])
    case .symbolicLink: StoreResult(items: ["\(path) (the link only; never followed)"])
    default: StoreResult(items: [path])
    }
  }

  func reset() -> StoreResult {
    let planned = plan()
    guard !planned.items.isEmpty else { return planned }
    guard unlink(path) == 0 || errno == ENOENT else {
      let reason = String(cString: strerror(errno))
      return StoreResult(failures: ["could not remove it: \(reason) (errno \(errno))"])
    }
    return planned
  }

  private static let directoryRefusal =
    "it is a directory; declare a directory with .directory(_:)"
}
