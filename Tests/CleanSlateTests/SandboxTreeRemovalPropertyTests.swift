import CleanSlateFileSystem
import CleanSlateTestSupport
import Foundation
import PropertyBased
import Testing

/// Rule "Safe sandboxes", checked over thousands of random trees: whatever links a tree holds
/// (absolute or relative, to outside files or directories, to itself, in loops) and whatever its
/// permissions, removing it removes it and leaves everything outside exactly as it was.
@Suite struct SandboxTreeRemovalPropertyTests {
  /// Each number is one step of building the tree (see ``RandomTree/build(_:)``).
  static let steps = Gen.int(in: 0...65_535).array(of: 1...30)

  @Test func removingRandomTreesWithLinksOutsideNeverTouchesOutside() async throws {
    try await withScratchDirectory(inMemory: true) { scratch in
      // Given an outside tree, and for each case a sandbox next to it built from random steps
      let outside = try Outside(in: scratch)
      let counter = Counter()
      await propertyCheck(count: 2_000, input: Self.steps) { steps in
        let sandbox = scratch.appendingPathComponent("case-\(counter.next())")
        try RandomTree(sandbox: sandbox, outside: outside.root).build(steps)

        // When the sandbox is removed (or, for a third of the cases, emptied)
        if steps[0] % 3 == 0 {
          try removeContents(of: sandbox)
          #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path).isEmpty)
          try FileManager.default.removeItem(at: sandbox)
        } else {
          try removeTree(at: sandbox)
          #expect(!entryExists(sandbox))
        }

        // Then every outside file and directory is still there, unchanged
        #expect(outside.snapshot() == Outside.expected)
      }
    }
  }
}

/// A counter for naming each case's directory.
private final class Counter: @unchecked Sendable {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}

/// Files outside every sandbox, which no removal may touch.
private struct Outside {
  static let expected = [
    "keep.txt": "keep", "dir/nested.txt": "nested", "dir/sub/deep.txt": "deep",
  ]
  let root: URL

  init(in scratch: URL) throws {
    root = scratch.appendingPathComponent("outside")
    for (path, text) in Self.expected { try write(text, to: root.appendingPathComponent(path)) }
  }

  /// Every file under the root, by relative path, with its text (links are not followed).
  func snapshot() -> [String: String] {
    var snapshot: [String: String] = [:]
    for path in FileManager.default.subpaths(atPath: root.path) ?? [] {
      let url = root.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        snapshot[path] = contents(of: url)
      }
    }
    return snapshot
  }
}

/// A sandbox next to the outside tree, built from a list of random steps.
private struct RandomTree {
  let sandbox: URL
  let outside: URL

  /// Builds the sandbox: each step picks an existing directory and adds a directory, a file, an
  /// absolute or relative link to outside, a link inside the tree (loops included), a hard link
  /// to an outside file, or takes a directory's permissions away (at the end).
  func build(_ steps: [Int]) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: sandbox, withIntermediateDirectories: false)
    var directories = [sandbox]
    var depths = [1]
    var locked: [URL] = []
    for (index, step) in steps.enumerated() {
      let pick = (step / 9) % directories.count
      let parent = directories[pick]
      let entry = parent.appendingPathComponent("e\(index)")
      let upToScratch = String(repeating: "../", count: depths[pick])
      switch step % 9 {
      case 0, 1:
        try manager.createDirectory(at: entry, withIntermediateDirectories: false)
        directories.append(entry)
        depths.append(depths[pick] + 1)
      case 2:
        try Data("file \(index)".utf8).write(to: entry)
      case 3:
        try manager.createSymbolicLink(
          atPath: entry.path, withDestinationPath: outside.appendingPathComponent("dir").path)
      case 4:
        try manager.createSymbolicLink(
          atPath: entry.path, withDestinationPath: outside.appendingPathComponent("keep.txt").path)
      case 5:
        try manager.createSymbolicLink(
          atPath: entry.path, withDestinationPath: upToScratch + "outside")
      case 6:
        let target = directories[(step / 97) % directories.count]
        try manager.createSymbolicLink(atPath: entry.path, withDestinationPath: target.path)
      case 7:
        try manager.linkItem(at: outside.appendingPathComponent("dir/sub/deep.txt"), to: entry)
      default:
        locked.append(parent)
      }
    }
    for (index, directory) in locked.reversed().enumerated() {
      chmod(directory.path, index.isMultiple(of: 2) ? 0o000 : 0o500)
    }
  }
}
