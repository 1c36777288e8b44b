public import Foundation

extension Fixture where Value == URL {
  /// A fresh, empty directory for one test, removed when the test ends.
  ///
  /// ```swift
  /// let directory = try await use(.temporaryDirectory)
  /// try Data("hello".utf8).write(to: directory.appendingPathComponent("greeting.txt"))
  /// ```
  ///
  /// Every test gets its own directory, unique across parallel tests and test processes, under
  /// `$TMPDIR/cleanslate-<uid>/<pid>-<start time>/` (or `$CLEANSLATE_SANDBOX_ROOT`). Removal
  /// never follows a symbolic link out of the directory, even one the test planted or a
  /// directory the test swapped for a link. The directories of a process that died (killed with
  /// `kill -9`, say) are swept when the next test process makes its first one; those of a live
  /// process never are.
  ///
  /// Run with `CLEANSLATE_KEEP_FAILED=1` to keep the directory of a failed test: it is moved to
  /// `<sandbox root>/kept/` and its path printed on standard error. A failed test gets the
  /// directory's path and listing (taken before its removal) as an attachment,
  /// `temporaryDirectory.txt`.
  public static var temporaryDirectory: Fixture<URL> { temporaryDirectoryFixture }

  /// A temporary-directory fixture over a sandbox of one's own (the tests use one with a
  /// private root).
  package static func temporaryDirectory(
    in sandbox: ProcessSandbox,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Fixture<URL> {
    Fixture(
      "temporaryDirectory", fileID: fileID, filePath: filePath, line: line, column: column
    ) { context in
      let directory = try sandbox.makeTestDirectory(for: context.scopeName)
      let attachment = Locked<String?>(nil)
      context.addFailureAttachment(named: "temporaryDirectory.txt") { attachment.value }
      context.addTeardown {
        let failed = context.testFailed
        let listing = failed ? DirectoryListing.text(of: directory) : ""
        let kept = try sandbox.dispose(of: directory, testFailed: failed)
        if failed {
          let path = kept.map { "\($0.path) (kept)" } ?? "\(directory.path) (removed)"
          attachment.withLock { $0 = "\(path)\n\(listing)" }
        }
        if let kept {
          FileHandle.standardError.write(
            Data(
              "CleanSlate kept the temporary directory of failed test '\(context.scopeName)': \(kept.path)\n"
                .utf8))
        }
      }
      return directory
    }
  }
}

private let temporaryDirectoryFixture = Fixture<URL>.temporaryDirectory(in: .shared)
