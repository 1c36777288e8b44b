import Foundation

/// The to-do items, kept in `items.json` in the data directory and saved after every change.
final class TodoStore {
  private let file: URL
  private(set) var items: [String]

  init(directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    file = directory.appendingPathComponent("items.json")
    if let data = try? Data(contentsOf: file) {
      items = try JSONDecoder().decode([String].self, from: data)
    } else {
      items = []
    }
  }

  func add(_ item: String) throws {
    items.append(item)
    try JSONEncoder().encode(items).write(to: file, options: .atomic)
  }
}
