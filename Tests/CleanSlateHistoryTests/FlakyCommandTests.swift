import CleanSlate
import CleanSlateHistory
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// `cleanslate flaky`, run as a user would: `--fail-on` gates a CI step, exiting 1 and naming the
/// tests when the ranking holds a broken or flaky one; a store that cannot be read is one line
/// and exit status 2, never 1.
@Suite(.cleanSlate) struct FlakyCommandTests {
  /// Runs `cleanslate flaky` with `arguments`.
  static func flaky(_ arguments: [String]) async throws -> HelperExecutable.Outcome {
    try await HelperExecutable(named: "cleanslate").run(
      ["flaky"] + arguments, environment: StartingEnvironment.variables)
  }

  /// A store of four sessions of the last days, on four commits: `Cart` broken since c3, `Sync`
  /// flaky, `Price` healthy; without `Cart` and `Sync`, when `healthy`.
  static func store(healthy: Bool = false) async throws -> String {
    let path = try await SQLiteRunStoreTests.path()
    let store = try await StoreLocation(path).open()
    for number in 1...4 {
      var verdicts = ["App.Price/testEuros": "passed"]
      if !healthy {
        verdicts["App.Cart/testTotal"] = number >= 3 ? "failed" : "passed"
        verdicts["App.Sync/testPush"] = number == 2 ? "flaky" : "passed"
      }
      try await store.record(
        Sessions.make(
          "s\(number)", minute: Sessions.minute(daysAgo: Double(5 - number)),
          commit: "c\(number)", verdicts: verdicts))
    }
    await store.close()
    return path
  }

  // MARK: - The gate

  @Test func failingOnBrokenTestsExitsOneNamingThem() async throws {
    let store = try await Self.store()
    let run = try await Self.flaky(["--history", store, "--fail-on", "broken"])
    #expect(run.status == 1)
    #expect(
      run.standardError == """
        error: --fail-on broken: 1 test is broken:
          broken  App.Cart/testTotal, since commit c3

        """)
    #expect(run.standardOutput.hasPrefix("Tests in \(store), 4 sessions"))
  }

  @Test(arguments: [["flaky"], ["broken,flaky"], ["broken", "flaky"]])
  func failingOnFlakyTestsFailsOnBrokenOnesToo(_ kinds: [String]) async throws {
    let store = try await Self.store()
    let run = try await Self.flaky(
      ["--history", store] + kinds.flatMap { ["--fail-on", $0] } + ["--json"])
    #expect(run.status == 1)
    #expect(
      run.standardError.hasSuffix(
        """
        2 tests are broken or flaky:
          broken  App.Cart/testTotal, since commit c3
          flaky   App.Sync/testPush

        """), "\(run.standardError)")
    // And the JSON on standard output is whole
    #expect(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) is [String: Any])
  }

  @Test func aWindowOfHealthyTestsPassesTheGate() async throws {
    let store = try await Self.store(healthy: true)
    let run = try await Self.flaky(["--history", store, "--fail-on", "broken,flaky"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.isEmpty)
  }

  @Test func aQuarantinedFlakyTestPassesTheGateAndAQuarantinedBrokenOneFailsIt() async throws {
    // Given the store, and a quarantine file with an entry for the flaky test and one for the
    // broken test
    let store = try await Self.store()
    let quarantine = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarantine-\(UUID().uuidString).txt").path
    defer { try? FileManager.default.removeItem(atPath: quarantine) }
    var file = QuarantineFile()
    for test in ["App.Sync/testPush", "App.Cart/testTotal"] {
      file.put(
        QuarantineEntry(
          test: test, added: QuarantineDate(Date().addingTimeInterval(-7 * 86_400)),
          until: QuarantineDate(Date().addingTimeInterval(30 * 86_400)), reason: "known"))
    }
    try file.write(to: quarantine)

    // When the gate fails on flaky tests, under the quarantine
    let run = try await Self.flaky(
      ["--history", store, "--quarantine", quarantine, "--fail-on", "flaky"])

    // Then the quarantined flaky test does not fail it, and the quarantined broken test does
    #expect(run.status == 1)
    #expect(
      run.standardError == """
        error: --fail-on flaky: 1 test is broken or flaky:
          broken  App.Cart/testTotal, since commit c3

        """)
  }

  @Test func aKindItDoesNotKnowIsOneLine() async throws {
    let store = try await Self.store()
    let run = try await Self.flaky(["--history", store, "--fail-on", "broken,slow"])
    #expect(run.status == 64)
    #expect(
      run.standardError
        == "error: --fail-on 'slow' is not a kind of test to fail on: give broken or flaky (flaky fails on broken tests too), repeated or as a comma list.\n"
    )
    #expect(run.standardOutput.isEmpty)
  }

  // MARK: - A store that cannot be read

  @Test func aSQLiteFileThatDoesNotExistIsOneLineAndIsNotMade() async throws {
    let path = try await SQLiteRunStoreTests.path()
    let run = try await Self.flaky(["--history", path, "--fail-on", "flaky"])
    #expect(run.status == 2)
    #expect(
      run.standardError
        == "error: the store of runs \(path) could not be read: \(path) does not exist: record sessions with cleanslate test --history \(path).\n"
    )
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aFileThatIsNotAStoreIsOneLine() async throws {
    let path = try await SQLiteRunStoreTests.path("notes.sqlite")
    try String(repeating: "garbage", count: 1000).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = try await Self.flaky(["--history", path])
    #expect(run.status == 2)
    #expect(
      run.standardError
        == "error: the store of runs \(path) could not be read: file is not a database\n")
  }

  @Test func aServerThatDoesNotAnswerIsOneLineWithoutItsPassword() async throws {
    let url = "postgresql://ci:secret@127.0.0.1:\(freeLoopbackPort())/runs"
    let run = try await Self.flaky(["--history", url, "--fail-on", "flaky"])
    #expect(run.status == 2)
    #expect(
      run.standardError.hasPrefix(
        "error: the store of runs \(StoreLocation(url).name) could not be read: "),
      "\(run.standardError)")
    #expect(run.standardError.filter { $0 == "\n" }.count == 1, "\(run.standardError)")
    #expect(!run.standardError.contains("secret"))
  }

  // MARK: - The JSON

  @Test func theJSONSaysTheVersionOfItsSchema() async throws {
    let store = try await Self.store()
    let run = try await Self.flaky(["--history", store, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == 1)
    #expect(run.standardOutput.hasPrefix(#"{"schemaVersion":1,"#))
  }
}
