import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import Foundation
import Testing

/// The last session `--last-failed` reads: kept where `swift build` keeps its state, the tests
/// with a failed attempt in it, and a clear reason for every file it cannot use.
@Suite struct LastSessionTests {
  private func withDirectory<R>(_ body: (URL) throws -> R) throws -> R {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-last-session-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
  }

  @Test func itIsKeptInThePackagesBuildFolderOrTheScratchPathGivenAfterTheDoubleDash() {
    // Given a package given by a relative path, and build folders given after --
    // When the file is placed
    // Then it is in the build folder swift build uses
    #expect(
      LastSession.file(packagePath: "Pkg", currentDirectory: "/work").path
        == "/work/Pkg/.build/cleanslate/last-session.json")
    #expect(
      LastSession.file(
        packagePath: "Pkg", arguments: ["--scratch-path", "out"], currentDirectory: "/work"
      ).path == "/work/out/cleanslate/last-session.json")
    #expect(
      LastSession.file(
        packagePath: ".", arguments: ["--scratch-path=/tmp/b"], currentDirectory: "/work"
      ).path == "/tmp/b/cleanslate/last-session.json")
  }

  @Test func itHoldsEachTestWithAFailedAttemptFlakyAndTimedOutIncluded() {
    // Given a session with a passed, a failed, a flaky and a timed-out test
    func record(_ name: TestName, _ outcomes: [TestEnd.Outcome]) -> TestRecord {
      TestRecord(
        name: name,
        attempts: outcomes.map {
          TestRecord.Attempt(repetition: 1, end: TestEnd($0, seconds: 0.1))
        })
    }
    let result = SessionResult(records: [
      record("T.A/passes", [.passed]), record("T.A/fails", [.failed]),
      record("T.A/flaky", [.failed, .passed]), record("T.A/hangs", [.timedOut]),
    ])

    // When it is kept
    let last = LastSession(result, ended: Date(timeIntervalSince1970: 0))

    // Then the three with a failed attempt are its failures, in the selection's order
    #expect(last.failed == ["T.A/fails", "T.A/flaky", "T.A/hangs"])
    #expect(last.ran == 4)
  }

  @Test func whatIsWrittenIsReadBackAndNoFileIsNoLastSession() throws {
    try withDirectory { directory in
      // Given no file, then one written
      let file = directory.appendingPathComponent("cleanslate/last-session.json")
      #expect(try LastSession.read(from: file) == nil)
      let written = LastSession(
        ended: Date(timeIntervalSince1970: 1_800_000_000), ran: 3, failed: ["T.A/b"])
      try written.write(to: file)

      // When it is read
      // Then it is the one written
      #expect(try LastSession.read(from: file) == written)
    }
  }

  @Test(arguments: [
    ("not json", "it is not a last session's JSON"),
    (
      #"{"schemaVersion":9,"ended":"2026-12-07T10:00:00Z","ran":1,"failed":[]}"#,
      "its schema version is 9, and this cleanslate reads 1"
    ),
    (#"{"schemaVersion":1,"ran":1}"#, "it is not a last session's JSON"),
  ])
  func aFileItCannotUseIsNamedWithWhy(text: String, why: String) throws {
    try withDirectory { directory in
      // Given a file that is not a last session this build reads
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("last-session.json")
      try Data(text.utf8).write(to: file)

      // When it is read
      // Then the error names the file and why
      #expect(throws: LastSession.Unreadable(file: file.path, why: why)) {
        try LastSession.read(from: file)
      }
    }
  }
}
