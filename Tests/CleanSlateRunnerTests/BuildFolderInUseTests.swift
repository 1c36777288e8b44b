import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// When another SwiftPM command holds a package's build database, `swift test list` runs nothing
/// and says "no tests found; create a target in the 'Tests' directory". `cleanslate test` says
/// why instead, and fails: the build folder is in use.
@Suite struct BuildFolderInUseTests {
  @Test func aListingKeptFromTheBuildDatabaseSaysTheBuildFolderIsInUse() async throws {
    // Given a copy of the built runner fixture whose build database another process holds (as a
    // `swift test` running beside it does)
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-build-in-use-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: copy) }
    try Self.copyBuiltTests(of: fixture, to: copy)
    let cleanslate = try HelperExecutable(named: "cleanslate")
    let list = ["test", "--skip-build", "--package-path", copy.path, "--list"]
    // (a first listing, which passes, has SwiftPM make its build database)
    let first = try await cleanslate.run(list)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("RunnerFixtureTests.AlphaTests/testOne"))
    let holder = try await DatabaseHolder(
      holding: copy.appendingPathComponent(".build/build.db").path)

    // When `cleanslate test` lists its tests
    let listed = try await cleanslate.run(list)
    try await holder.release()

    // Then it fails saying the build folder is in use, not that the package has no tests
    #expect(listed.status != 0)
    #expect(
      listed.standardError.contains(
        "The tests could not be listed: another SwiftPM command is using \(copy.path)'s build folder"
      ), "\(listed.standardError)")
  }

  /// Copies what `swift test list --skip-build` reads of the package at `fixture` — its manifest,
  /// its tests and their built product — to `copy`, not the build folder that other tests'
  /// launches write in meanwhile.
  private static func copyBuiltTests(of fixture: String, to copy: URL) throws {
    let files = FileManager.default
    // `.build/debug` links to the platform's folder: `x86_64-unknown-linux-gnu/debug`.
    let debug = try files.destinationOfSymbolicLink(atPath: fixture + "/.build/debug")
    let product = ".build/\(debug)/RunnerFixturePackageTests.xctest"
    try files.createDirectory(
      at: copy.appendingPathComponent(product).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    for item in ["Package.swift", "Tests", product] {
      try files.copyItem(
        at: URL(fileURLWithPath: fixture).appendingPathComponent(item),
        to: copy.appendingPathComponent(item))
    }
  }
}

/// A process that holds an SQLite database in an exclusive transaction until released: Python's
/// `sqlite3`, as the machine has it.
private struct DatabaseHolder {
  private let running: ChildProcess.Running

  /// Starts holding the database at `path`; returns once it holds it.
  init(holding path: String) async throws {
    running = try await ChildProcess(
      "python3",
      [
        "-c",
        """
        import sqlite3, sys, time
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute('BEGIN EXCLUSIVE')
        print('held', flush=True)
        time.sleep(600)
        """,
        path,
      ]
    ).start()
    guard await running.firstLine() == "held" else {
      try await running.kill()
      throw ChildProcessError("python3 could not hold \(path) exclusively")
    }
  }

  /// Ends the process, and with it the transaction.
  func release() async throws {
    try await running.kill()
  }
}
