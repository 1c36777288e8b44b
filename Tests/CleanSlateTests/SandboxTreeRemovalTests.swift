import CleanSlateFileSystem
import Foundation
import Testing

/// Rule "Safe sandboxes": removal never follows a symbolic link out of the tree, even when the
/// tree changes while it is being removed.
@Suite struct SandboxTreeRemovalTests {
  @Test func removesANestedTreeWithFilesLinksAndEmptyDirectories() async throws {
    try await withScratchDirectory { scratch in
      // Given a tree with files, an empty directory and links inside and outside it
      let outside = scratch.appendingPathComponent("outside")
      try write("keep", to: outside.appendingPathComponent("keep.txt"))
      let tree = scratch.appendingPathComponent("tree")
      try write("a", to: tree.appendingPathComponent("a/b/c.txt"))
      try FileManager.default.createDirectory(
        at: tree.appendingPathComponent("empty"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: tree.appendingPathComponent("a/out").path, withDestinationPath: outside.path)
      try FileManager.default.createSymbolicLink(
        atPath: tree.appendingPathComponent("loop").path, withDestinationPath: ".")

      // When it is removed
      try removeTree(at: tree)

      // Then it is gone and what the link pointed to is untouched
      #expect(!entryExists(tree))
      #expect(contents(of: outside.appendingPathComponent("keep.txt")) == "keep")
    }
  }

  @Test func removingALinkRemovesTheLinkNotItsTarget() async throws {
    try await withScratchDirectory { scratch in
      let target = scratch.appendingPathComponent("target")
      try write("keep", to: target.appendingPathComponent("keep.txt"))
      let link = scratch.appendingPathComponent("link")
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: target.path)

      try removeTree(at: link)

      #expect(!entryExists(link))
      #expect(contents(of: target.appendingPathComponent("keep.txt")) == "keep")
    }
  }

  @Test func removingNothingSucceeds() throws {
    try removeTree(at: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x"))
  }

  @Test func refusesToRemoveDotAndDotDot() async throws {
    try await withScratchDirectory { scratch in
      let inner = scratch.appendingPathComponent("inner")
      try write("keep", to: inner.appendingPathComponent("keep.txt"))
      #expect(throws: FileSystemError.self) {
        try TreeRemoval().removeTree(atPath: inner.path + "/..")
      }
      #expect(throws: FileSystemError.self) {
        try TreeRemoval().removeTree(atPath: inner.path + "/.")
      }
      #expect(contents(of: inner.appendingPathComponent("keep.txt")) == "keep")
    }
  }

  @Test func emptyingKeepsTheDirectoryAndRefusesALink() async throws {
    try await withScratchDirectory { scratch in
      // Given a directory with contents, and a link to it
      let directory = scratch.appendingPathComponent("store")
      try write("x", to: directory.appendingPathComponent("sub/x.txt"))
      let link = scratch.appendingPathComponent("store-link")
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: directory.path)

      // When it is emptied through the link, then directly
      let error = #expect(throws: FileSystemError.self) { try removeContents(of: link) }
      try removeContents(of: directory)

      // Then the link was refused with a clear reason, and the directory is empty
      #expect(
        error?.description
          == "Could not empty '\(link.path)': it is a symbolic link, which is never followed.")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
  }

  @Test func removesDirectoriesWithoutPermissions() async throws {
    try await withScratchDirectory { scratch in
      // Given directories that nobody may read, write or enter
      let tree = scratch.appendingPathComponent("tree")
      try write("x", to: tree.appendingPathComponent("locked/inner/x.txt"))
      chmod(tree.appendingPathComponent("locked/inner").path, 0)
      chmod(tree.appendingPathComponent("locked").path, 0)

      // When the tree is removed
      try removeTree(at: tree)

      // Then it is gone
      #expect(!entryExists(tree))
    }
  }

  /// The swap happens either just before the directory is opened or just after.
  @Test(arguments: [false, true])
  func aDirectorySwappedForALinkDuringRemovalIsNotFollowed(afterOpening: Bool) async throws {
    try await withScratchDirectory { scratch in
      // Given a tree whose directory 'a' will be swapped for a link to outside mid-removal
      let outside = scratch.appendingPathComponent("outside")
      try write("keep", to: outside.appendingPathComponent("dir/keep.txt"))
      let tree = scratch.appendingPathComponent("tree")
      let swapped = tree.appendingPathComponent("a")
      try write("a", to: swapped.appendingPathComponent("b/c.txt"))
      var didSwap = false
      let removal = TreeRemoval { event in
        let moment: TreeRemoval.Event =
          afterOpening ? .didOpenDirectory(swapped.path) : .willOpenDirectory(swapped.path)
        guard event == moment, !didSwap else { return }
        didSwap = true
        try? FileManager.default.moveItem(
          at: swapped, to: tree.appendingPathComponent("a-moved"))
        try? FileManager.default.createSymbolicLink(
          atPath: swapped.path, withDestinationPath: outside.appendingPathComponent("dir").path)
      }

      // When the tree is removed
      try removal.removeTree(atPath: tree.path)

      // Then the swap happened, the tree is gone and the outside file is untouched
      #expect(didSwap)
      #expect(!entryExists(tree))
      #expect(contents(of: outside.appendingPathComponent("dir/keep.txt")) == "keep")
    }
  }
}
