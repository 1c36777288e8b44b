internal import CleanSlateFileSystem
import Foundation

/// Resets a declared directory: removes what is inside, keeps the directory, follows no link.
struct DirectoryStore {
  let path: String

  func plan() -> StoreResult {
    switch EntryKind(atPath: path) {
    case nil: StoreResult()
    case .directory: StoreResult(items: listing().map(\.item))
    case let other?: StoreResult(failures: [refusal(other)])
    }
  }

  func reset() -> StoreResult {
    switch EntryKind(atPath: path) {
    case nil:
      return StoreResult()
    case .directory:
      break
    case let other?:
      return StoreResult(failures: [refusal(other)])
    }
    let before = listing()
    var failures: [String] = []
    do {
      try removeContents(of: URL(fileURLWithPath: path))
    } catch {
      failures.append("\(error)")
    }
    let remaining = Set(listing().map(\.name))
    return StoreResult(
      items: before.filter { !remaining.contains($0.name) }.map(\.item), failures: failures)
  }

  private func refusal(_ kind: EntryKind) -> String {
    switch kind {
    case .symbolicLink:
      "it is a symbolic link, which is never followed; declare the directory it points to instead"
    default:
      "it is not a directory; declare a file with .file(_:)"
    }
  }

  /// The directory's entries, sorted by name, each described without following links.
  private func listing() -> [(name: String, item: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().map { name in
      let entryPath = path + "/" + name
      switch EntryKind(atPath: entryPath) {
      case .directory:
        let count = Self.entryCount(inDirectory: entryPath)
        return (name, "\(name)/ (\(count) \(count == 1 ? "entry" : "entries") inside)")
      case .symbolicLink:
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: entryPath)) ?? "?"
        return (name, "\(name) -> \(target) (the link only; never followed)")
      default:
        return (name, name)
      }
    }
  }

  /// How many entries a directory holds at every depth, descending into real directories only.
  private static func entryCount(inDirectory path: String) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.reduce(names.count) { count, name in
      let entryPath = path + "/" + name
      return EntryKind(atPath: entryPath) == .directory
        ? count + entryCount(inDirectory: entryPath) : count
    }
  }
}
