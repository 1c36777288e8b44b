import CleanSlateChildProcess
import CleanSlateTestProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// A run started directly, without SwiftPM, is the run `swift test` makes of the same command: the
/// same tests run, with the same outcomes, the same exit status, the same XUnit files and the same
/// events in Swift Testing's event stream — in both frameworks, with filters, at once and not.
/// Run on `Tests/RunnerFixture` (XCTest and Swift Testing tests, two of which fail on demand).
@Suite(.serialized) struct DirectRunsMatchSwiftTestTests {
  /// The `swift test` arguments each case adds to `test --skip-build --package-path <fixture>`.
  static let commands: [[String]] = [
    [],
    ["--filter", "AlphaTests"],
    ["--filter", "BetaSuite/(passes|fails)"],
    [
      "--filter",
      #"^(RunnerFixtureTests\.AlphaTests/testOne|RunnerFixtureTests\.BetaSuite/fails\(\)(/.*)?)$"#,
    ],
    ["--skip", "testFails", "--skip", "passes"],
    ["--parallel"],
    ["--parallel", "--num-workers", "1", "--filter", "Alpha"],
    ["--no-parallel", "--disable-xctest"],
    ["--disable-swift-testing"],
  ]

  /// What a run said, normalized for comparison: times, dates and the order of tests that ran at
  /// once left out.
  struct Seen: Equatable, CustomStringConvertible {
    var status: Int32
    /// `name outcome` for every test an XCTest line or an XUnit file shows ending.
    var outcomes: [String]
    /// Each XUnit file's test cases and failures, sorted, by file name.
    var xunit: [String: [String]]
    /// `kind testID` of every event of the stream, sorted.
    var events: [String]

    var description: String {
      "status \(status)\noutcomes: \(outcomes)\nxunit: \(xunit)\nevents: \(events.count)"
    }
  }

  @Test(arguments: commands)
  func aDirectRunIsTheRunSwiftTestMakes(arguments: [String]) async throws {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-direct-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: work) }
    let direct = await TestLauncher.forPackage(
      at: fixture, buildOptions: [], workDirectory: work.appendingPathComponent("launcher"),
      directory: fixture, environment: StartingEnvironment.variables)
    #expect(direct.note == nil)
    let swiftTest = TestLauncher(
      way: .swiftTest(because: "the comparison"), packagePath: fixture, workDirectory: work,
      directory: fixture, environment: StartingEnvironment.variables)

    // When the same command runs both ways, each failing test asked to fail
    var seen: [Seen] = []
    for (index, launcher) in [swiftTest, direct].enumerated() {
      let folder = work.appendingPathComponent("run-\(index)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let result = try await launcher.run(
        ["test", "--skip-build", "--package-path", fixture] + arguments + [
          "--xunit-output", folder.appendingPathComponent("results.xml").path,
          "--experimental-event-stream-output", folder.appendingPathComponent("events.jsonl").path,
          "--experimental-event-stream-version", "0",
        ], environment: ["RUNNER_FIXTURE": "fail"], directory: fixture)
      #expect(result.direct == (index == 1))
      var run = try Self.seen(result, in: folder)
      // Under --parallel swift test prints the output of failed tests only; a direct run prints
      // every test's (its XUnit file is the same).
      if arguments.contains("--parallel") { run.outcomes.removeAll { !$0.hasSuffix(" failed") } }
      seen.append(run)
    }

    // Then both saw the same
    #expect(seen[0] == seen[1])
    #expect(!seen[1].outcomes.isEmpty || !seen[1].xunit.values.joined().isEmpty)
  }

  @Test func aDirectRunOfACrashingTestSaysWhichTestsItsProcessWasRunning() async throws {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-direct-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: work) }
    let launcher = await TestLauncher.forPackage(
      at: fixture, buildOptions: [], workDirectory: work, directory: fixture,
      environment: StartingEnvironment.variables)

    // When XCTest's tests run, one crashing
    let result = try await launcher.run(
      ["test", "--skip-build", "--disable-swift-testing"], environment: ["RUNNER_FIXTURE": "crash"],
      directory: fixture)

    // Then its process died of the signal, in that test, and the run failed as swift test's would
    #expect(result.status == 1)
    #expect(result.signal == 4)
    let process = try #require(result.processes.first)
    #expect(process.termination == .signalled(4))
    #expect(process.unfinished == ["AlphaTests.testCrashes"])
    #expect(process.crashed)
    #expect(process.standardError.contains("Fatal error: crashes on purpose"))
    #expect(result.standardError.contains("exited with unexpected signal code 4"))
  }

  // MARK: - Reading what a run left

  private static func seen(_ result: LaunchOutput, in folder: URL) throws -> Seen {
    let output = result.standardOutput + result.standardError
    var outcomes = Set<String>()
    for line in output.split(separator: "\n") where line.hasPrefix("Test Case '") {
      let rest = line.dropFirst(11)
      guard let end = rest.firstIndex(of: "'") else { continue }
      let words = rest[rest.index(after: end)...].split(separator: " ")
      if let outcome = words.first, outcome != "started" {
        outcomes.insert("\(rest[..<end]) \(outcome)")
      }
    }
    var xunit: [String: [String]] = [:]
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    for file in files where file.hasSuffix(".xml") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      xunit[file] = Self.cases(in: text)
    }
    let events =
      (try? String(contentsOf: folder.appendingPathComponent("events.jsonl"), encoding: .utf8))
      ?? ""
    return Seen(
      status: result.status, outcomes: outcomes.sorted(), xunit: xunit,
      events: events.split(separator: "\n").compactMap(Self.event).sorted())
  }

  /// The `<testcase>` elements of an XUnit file, each as its class, name and whether it holds a
  /// failure or was skipped.
  private static func cases(in xml: String) -> [String] {
    xml.components(separatedBy: "<testcase ").dropFirst().map { element in
      let head = element.prefix { $0 != ">" }
      let attributes = head.split(separator: " ").filter {
        $0.hasPrefix("classname=") || $0.hasPrefix("name=")
      }
      let body = element.components(separatedBy: "</testcase>").first ?? ""
      let kind = body.contains("<failure") ? "failure" : body.contains("<skipped") ? "skipped" : ""
      return (attributes.map(String.init) + [kind]).joined(separator: " ")
    }.sorted()
  }

  /// `kind testID` of one event of the stream.
  private static func event(_ line: Substring) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let payload = object["payload"] as? [String: Any], let kind = payload["kind"] as? String
    else { return nil }
    return "\(kind) \(payload["testID"] as? String ?? "")"
  }
}
