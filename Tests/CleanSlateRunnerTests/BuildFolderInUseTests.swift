import CleanSlate
import CleanSlateRunner
import CleanSlateTestSupport
import Foundation
import Testing

/// When another SwiftPM command holds a package's build database, `swift test list` runs nothing
/// and says "no tests found; create a target in the 'Tests' directory". `cleanslate test` says
/// why instead: the build folder is in use.
@Suite struct BuildFolderInUseTests {
  @Test func aListingKeptFromTheBuildDatabaseSaysTheBuildFolderIsInUse() async throws {
    // Given a copy of the built runner fixture whose build database another process holds (as a
    // `swift test` running beside it does)
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-build-in-use-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture), to: copy)
    let holder = try DatabaseHolder(
      holding: copy.appendingPathComponent(".build/build.db").path)
    defer { holder.release() }

    // When its tests are listed
    let error = await #expect(throws: RunnerError.self) {
      _ = try await TestPackage(path: copy.path).list()
    }

    // Then the error says the build folder is in use, not that the package has no tests
    let message = try #require(error).description
    #expect(message.contains("another SwiftPM command is using"), "\(message)")
    #expect(message.contains(copy.path), "\(message)")
    #expect(error?.reason == .listFailed)
  }
}

/// A process that holds an SQLite database in an exclusive transaction until released: Python's
/// `sqlite3`, as the machine has it.
private final class DatabaseHolder: Sendable {
  private let process: Process
  private let input: Pipe

  /// Starts holding the database at `path`; returns once it holds it.
  init(holding path: String) throws {
    process = Process()
    input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute('BEGIN EXCLUSIVE')
      print('held', flush=True)
      sys.stdin.read()
      """,
      path,
    ]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let held = output.fileHandleForReading.readData(ofLength: 4)
    guard String(decoding: held, as: UTF8.self) == "held" else {
      process.terminate()
      throw HolderFailed(path: path)
    }
  }

  /// Ends the transaction and the process.
  func release() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  struct HolderFailed: Error, CustomStringConvertible {
    let path: String
    var description: String { "python3 could not hold \(path) exclusively" }
  }
}
