import Foundation

/// A to-do list kept as one JSON file in a directory.
public final class TodoStore: @unchecked Sendable {
  private let file: URL
  private let lock = NSLock()

  /// Opens (or creates) the store in `directory`.
  public init(directory: URL) throws {
    file = directory.appendingPathComponent("todos.json")
    if !FileManager.default.fileExists(atPath: file.path) {
      try Data("[]".utf8).write(to: file)
    }
  }

  /// The items, oldest first.
  public func items() throws -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return try JSONDecoder().decode([String].self, from: Data(contentsOf: file))
  }

  /// Appends an item.
  public func add(_ item: String) throws {
    let current = try items()
    lock.lock()
    defer { lock.unlock() }
    try JSONEncoder().encode(current + [item]).write(to: file)
  }
}
