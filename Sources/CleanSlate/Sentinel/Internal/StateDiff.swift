import Foundation

/// One piece of state a scope changed and did not restore.
package struct LeakedItem: Sendable, Hashable {
  let kind: Sentinel.Kind
  /// How the report shows it: `+ API_TOKEN="abc" (added)`.
  let line: String
  /// The names an allow-list entry may match (see ``Sentinel/Kind``).
  let names: [String]

  /// What makes two reports of it the same: its kind and how it looks now.
  var identity: String { "\(kind.name)\t\(line)" }

  /// The name advice suggests allowing it by: a file's path relative to its root (the same in
  /// every run, where the process's own temporary directory is not), any other kind's first.
  var suggestedName: String { (kind == .files ? names.last : names.first) ?? "" }
}

/// What changed between two snapshots, minus what the sentinel allows.
package enum StateDiff {
  /// Descriptors the runtime opens for itself on first use (Dispatch's event loop), not leaks of
  /// the test's.
  static let runtimeDescriptors: Set<String> = [
    "anon_inode:[eventpoll]", "anon_inode:[eventfd]", "anon_inode:[timerfd]",
  ]

  package static func items(
    from before: ProcessSnapshot, to after: ProcessSnapshot, sentinel: Sentinel
  ) -> [LeakedItem] {
    var items: [LeakedItem] = []
    let kinds = sentinel.kinds
    if kinds.contains(.environment), let old = before.environment, let new = after.environment {
      items += environment(from: old, to: new)
    }
    if kinds.contains(.currentDirectory), let old = before.currentDirectory,
      let new = after.currentDirectory, old != new
    {
      items.append(LeakedItem(kind: .currentDirectory, line: "\(old) → \(new)", names: [new]))
    }
    if kinds.contains(.userDefaults), let old = before.userDefaults, let new = after.userDefaults {
      items += userDefaults(from: old, to: new)
    }
    if kinds.contains(.files), let old = before.files, let new = after.files {
      items += files(from: old, to: new)
    }
    if let old = before.fileDescriptors, let new = after.fileDescriptors {
      items += descriptors(from: old, to: new, kinds: kinds)
    }
    if kinds.contains(.threads), let old = before.threads, let new = after.threads {
      items += threads(from: old, to: new)
    }
    if kinds.contains(.childProcesses), let old = before.children, let new = after.children {
      items += children(from: old, to: new)
    }
    return items.filter { item in !item.names.contains { sentinel.allows($0, of: item.kind) } }
  }

  // MARK: - Kinds

  private static func environment(
    from old: EnvironmentImage, to new: EnvironmentImage
  ) -> [LeakedItem] {
    guard old != new else { return [] }
    let before = old.variables
    let after = new.variables
    var items: [LeakedItem] = []
    for name in Set(before.keys).union(after.keys).sorted() {
      let line: String
      switch (before[name], after[name]) {
      case (nil, let value?): line = "+ \(name)=\(quoted(value)) (added)"
      case (let value?, nil): line = "- \(name) (removed; was \(quoted(value)))"
      case (let was?, let value?) where was != value:
        line = "~ \(name): \(quoted(was)) → \(quoted(value)) (changed)"
      default: continue
      }
      items.append(LeakedItem(kind: .environment, line: line, names: [name]))
    }
    return items
  }

  private static func userDefaults(
    from old: DefaultsImage, to new: DefaultsImage
  ) -> [LeakedItem] {
    guard !old.isEqual(to: new) else { return [] }
    var items: [LeakedItem] = []
    for key in Set(old.values.keys).union(new.values.keys).sorted() {
      let was = old.values[key]
      let value = new.values[key]
      let line: String
      switch (was, value) {
      case (nil, let value?): line = "+ \(key) = \(describe(value)) (added)"
      case (let was?, nil): line = "- \(key) (removed; was \(describe(was)))"
      case (let was?, let value?):
        guard !NSArray(array: [was]).isEqual(to: [value]) else { continue }
        line = "~ \(key): \(describe(was)) → \(describe(value)) (changed)"
      default: continue
      }
      items.append(LeakedItem(kind: .userDefaults, line: line, names: [key]))
    }
    return items
  }

  private static func files(from old: FileTreeImage, to new: FileTreeImage) -> [LeakedItem] {
    var items: [LeakedItem] = []
    for (directory, listing) in new.directories.sorted(by: { $0.key < $1.key }) {
      guard let previous = old.directories[directory], previous !== listing,
        previous.entries != listing.entries
      else { continue }
      let before = Set(previous.entries)
      let after = Set(listing.entries)
      for (entries, sign, verb) in [
        (after.subtracting(before), "+", "created"), (before.subtracting(after), "-", "removed"),
      ] {
        for entry in entries.sorted() {
          let path = FileTree.join(directory, entry)
          let bare = entry.hasSuffix("/") ? String(path.dropLast()) : path
          var names = [bare]
          if let root = new.roots.first(where: { bare.hasPrefix($0 + "/") }) {
            names.append(String(bare.dropFirst(root.count + 1)))
          }
          items.append(LeakedItem(kind: .files, line: "\(sign) \(path) (\(verb))", names: names))
        }
      }
    }
    return items
  }

  private static func descriptors(
    from old: [Int32], to new: [Int32], kinds: Set<Sentinel.Kind>
  ) -> [LeakedItem] {
    let opened = Set(new).subtracting(old).sorted()
    guard !opened.isEmpty else { return [] }
    var targets: [(number: Int32, target: String)] = []
    for number in opened {
      guard let target = ProcessProbe.target(ofDescriptor: number),
        !runtimeDescriptors.contains(target)
      else { continue }
      targets.append((number, target))
    }
    // Files first: a report lists at most `LeakReport.shownItems`, and a file a test left open says
    // more than the sockets and pipes that tests running alongside it open meanwhile.
    targets =
      targets.filter { $0.target.hasPrefix("/") } + targets.filter { !$0.target.hasPrefix("/") }
    var listening: [UInt64: String] = [:]
    if kinds.contains(.listeningSockets) {
      let sockets = Set(targets.compactMap { socketInode($0.target) })
      listening = ProcessProbe.listeningAddresses(of: sockets)
    }
    var items: [LeakedItem] = []
    for (number, target) in targets {
      if let inode = socketInode(target), let address = listening[inode] {
        let port = address.split(separator: ":").last.map(String.init) ?? address
        items.append(
          LeakedItem(
            kind: .listeningSockets, line: "TCP \(address) (descriptor \(number))",
            names: [port, address]))
      } else if kinds.contains(.fileDescriptors) {
        items.append(
          LeakedItem(kind: .fileDescriptors, line: "\(number) → \(target)", names: [target]))
      }
    }
    return items
  }

  private static func threads(from old: [Int32], to new: [Int32]) -> [LeakedItem] {
    var items: [LeakedItem] = []
    for id in Set(new).subtracting(old).sorted() {
      guard let name = ProcessProbe.name(ofThread: id), !ProcessProbe.isPoolWorker(name) else {
        continue
      }
      let shown = name == ProcessProbe.processName ? "unnamed" : quoted(name)
      items.append(LeakedItem(kind: .threads, line: "thread \(id), \(shown)", names: [name]))
    }
    return items
  }

  private static func children(from old: [Int32], to new: [Int32]) -> [LeakedItem] {
    var items: [LeakedItem] = []
    for pid in Set(new).subtracting(old).sorted() {
      guard let command = ProcessProbe.commandLine(ofChild: pid) else { continue }
      let executable = command.split(separator: " ").first.map {
        String($0.split(separator: "/").last ?? $0)
      }
      items.append(
        LeakedItem(
          kind: .childProcesses, line: "pid \(pid): \(command)",
          names: [executable, command].compactMap { $0 }))
    }
    return items
  }

  // MARK: - Helpers

  private static func socketInode(_ target: String) -> UInt64? {
    guard target.hasPrefix("socket:["), target.hasSuffix("]") else { return nil }
    return UInt64(target.dropFirst(8).dropLast())
  }

  private static func quoted(_ value: String) -> String {
    let shown = value.count > 120 ? value.prefix(117) + "…" : Substring(value)
    return "\"\(shown)\""
  }

  private static func describe(_ value: Any) -> String {
    // Foundation on Linux hands out some values wrapped in an Optional.
    var value = value
    while let wrapped = Mirror(reflecting: value).descendant("some"),
      Mirror(reflecting: value).displayStyle == .optional
    {
      value = wrapped
    }
    let text = String(describing: value).replacingOccurrences(of: "\n", with: " ")
    return text.count > 120 ? text.prefix(117) + "…" : text
  }
}
