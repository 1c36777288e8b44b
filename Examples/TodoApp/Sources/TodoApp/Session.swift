import Foundation

/// Reads commands on standard input and answers each with lines on standard output:
///
///     add TEXT            → added #N: TEXT
///     list                → one line per item, then `end of list (N items)`
///     sort created|alphabetical → sort=...
///     quit
struct Session {
  let store: TodoStore
  let settings: Settings

  func run() {
    say("todo ready: \(store.items.count) items, sort=\(settings.sortOrder.rawValue)")
    while let line = readLine() {
      let words = line.split(separator: " ", maxSplits: 1).map(String.init)
      let argument = words.count > 1 ? words[1] : ""
      switch words.first {
      case "add":
        do {
          try store.add(argument)
          say("added #\(store.items.count): \(argument)")
        } catch {
          say("error: \(error)")
        }
      case "list":
        let items =
          settings.sortOrder == .alphabetical ? store.items.sorted() : store.items
        for (index, item) in items.enumerated() { say("\(index + 1). \(item)") }
        say("end of list (\(items.count) items)")
      case "sort":
        if let order = Settings.SortOrder(rawValue: argument) {
          settings.sortOrder = order
          say("sort=\(order.rawValue)")
        } else {
          say("error: unknown sort order '\(argument)'")
        }
      case "quit":
        return
      default:
        say("error: unknown command '\(line)'")
      }
    }
  }

  /// Writes a line at once (`print` would buffer it when standard output is a pipe).
  private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
