import Foundation

/// The processes a `swift test` started, read from `/proc`: the test process among them is the
/// one that runs the package's test bundle (`…PackageTests.xctest`).
enum TestProcessTree {
  /// The test process that `swift test` (`root`) runs now, if any; `root` itself when it is one
  /// (a test process started directly). The topmost such process: a child the test process
  /// forked (a test starting a subprocess) carries the same command line until it execs.
  static func testProcess(under root: Int32) -> Int32? {
    ([root] + descendants(of: root)).first { pid in
      guard let arguments = commandLine(of: pid), let program = arguments.first else {
        return false
      }
      return program.hasSuffix(".xctest") || arguments.contains { $0.hasSuffix(".xctest") }
    }
  }

  /// The processes under `root`, parents before their children.
  static func descendants(of root: Int32) -> [Int32] {
    var children: [Int32: [Int32]] = [:]
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = Int32(entry), let parent = parent(of: pid) else { continue }
      children[parent, default: []].append(pid)
    }
    var found: [Int32] = []
    var next = [root]
    while !next.isEmpty {
      let pid = next.removeFirst()
      let below = (children[pid] ?? []).sorted()
      found += below
      next += below
    }
    return found
  }

  /// The arguments of `pid`, its program first.
  static func commandLine(of pid: Int32) -> [String]? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
      return nil
    }
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The parent of `pid`, from `/proc/<pid>/stat` (its command name may hold spaces and
  /// parentheses: the fields that follow it are read after its last `)`).
  private static func parent(of pid: Int32) -> Int32? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else {
      return nil
    }
    let stat = String(decoding: data, as: UTF8.self)
    guard let end = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
  }
}
