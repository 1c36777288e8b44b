import Foundation

/// A short text listing of a directory tree, for the attachment of a failed test: each entry's
/// path relative to the directory and, for files, its size. Links are listed, never followed.
enum DirectoryListing {
  /// The listing of `directory`, at most `limit` entries, sorted by path.
  static func text(of directory: URL, limit: Int = 200) -> String {
    let keys: [URLResourceKey] = [.isDirectoryKey, .isSymbolicLinkKey, .fileSizeKey]
    guard
      let enumerator = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: keys)
    else { return "(cannot be listed)\n" }
    let base = directory.standardizedFileURL.path
    var entries: [String] = []
    var more = 0
    for case let url as URL in enumerator {
      guard entries.count < limit else {
        more += 1
        continue
      }
      let values = try? url.resourceValues(forKeys: Set(keys))
      var path = url.standardizedFileURL.path
      if path.hasPrefix(base) { path = String(path.dropFirst(base.count + 1)) }
      if values?.isSymbolicLink == true {
        path +=
          " -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?")
      } else if values?.isDirectory == true {
        path += "/"
      } else if let size = values?.fileSize {
        path += "  (\(size) bytes)"
      }
      entries.append(path)
    }
    guard !entries.isEmpty else { return "(empty)\n" }
    var text = entries.sorted().joined(separator: "\n") + "\n"
    if more > 0 { text += "… and \(more) more\n" }
    return text
  }
}
