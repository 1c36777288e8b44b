import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate bisect` and the sentinel, run as a user would on the FindALeak example, on a busy
/// machine: other processes create and remove files in the temporary directory and under HOME
/// all along. The sentinel blames each test only for what it left, bisect names the polluter
/// (although another earlier test leaves a file too), in XCTest and in Swift Testing; bisect says
/// clearly what is wrong with a victim it cannot bisect. (The other errors, and the number of
/// runs, are the subject of `BisectionTests`.)
@Suite(.serialized) struct BisectCommandTests {
  /// `Examples/FindALeak`, built (its tests against this checkout's CleanSlate) before use.
  private func example() async throws -> String {
    try await BuiltPackage.tests(at: "Examples/FindALeak")
  }

  private func cleanslate(
    _ arguments: String..., environment: [String: String]? = nil
  ) async throws -> HelperExecutable.Outcome {
    try await HelperExecutable(named: "cleanslate").run(arguments, environment: environment)
  }

  @Test func theSentinelBlamesEachTestOfTheExampleForWhatItLeftAndNothingElse() async throws {
    let example = try await example()
    try await BusyMachine.run { machine in
      // When the example's tests run watched, on a busy machine
      var environment = machine.environment
      environment["CLEANSLATE_SENTINEL"] = "1"
      let outcome = try await HelperExecutable(url: URL(fileURLWithPath: "/usr/bin/env")).run(
        ["swift", "test", "--skip-build", "--package-path", example], environment: environment)
      let output = outcome.standardOutput + outcome.standardError

      // Then each framework's polluter and card writer are blamed for what they left, and
      // nothing the other processes did is blamed on anyone
      #expect(
        SentinelReports.subjects(in: output) == [
          "Test 'CardTests.testWritesACard' left 1 file created or removed",
          "Test 'GreeterSuite/cardForGrace()' left 1 file created or removed",
          "Test 'GreeterSuite/frenchGreeting()' left 1 environment variable changed",
          "Test 'LanguageTests.testFrenchGreeting' left 1 environment variable changed",
        ], "\(output)")
      #expect(!output.contains("churn-"), "\(output)")
      #expect(machine.filesMade > 0)

      // And the cards were seen in each test process's own temporary directory
      for card in ["card-for-Ada.txt", "card-for-Grace.txt"] {
        #expect(output.contains("/tmp/\(card) (created)"), "\(output)")
      }
    }
  }

  @Test(arguments: [
    (
      "GreeterTests.WelcomeTests/testWelcomesInEnglishByDefault",
      "GreeterTests.LanguageTests/testFrenchGreeting", "Test 'LanguageTests.testFrenchGreeting'"
    ),
    (
      "GreeterTests.GreeterSuite/welcomesInEnglishByDefault()",
      "GreeterTests.GreeterSuite/frenchGreeting()", "Test 'GreeterSuite/frenchGreeting()'"
    ),
  ])
  func findsThePolluterOfTheExampleAndWhatItLeftBehind(
    victim: String, polluter: String, subject: String
  ) async throws {
    let example = try await example()
    try await BusyMachine.run { machine in
      // When bisect looks for the polluter of a victim, on a busy machine, with a card writer
      // that leaves a file among the tests that run before it
      let outcome = try await cleanslate(
        "bisect", victim, "--package-path", example, environment: machine.environment)

      // Then the victim passes alone, the polluter is named, and what it left is shown
      #expect(outcome.status == 0, "\(outcome.standardError)")
      let output = outcome.standardOutput
      #expect(output.contains("Bisecting \(victim)"))
      #expect(output.contains("run 1: the victim alone: passes"), "\(output)")
      #expect(output.contains("):\n  \(polluter)\nRun it with the victim:\n"), "\(output)")
      #expect(output.contains("\(subject) left 1 environment variable changed"), "\(output)")
      #expect(output.contains("+ GREETER_LANGUAGE=\"fr\" (added)"), "\(output)")
      #expect(machine.filesMade > 0)

      // And the command it prints is the run it made, variables included
      #expect(
        output.contains(
          "  CLEANSLATE_SENTINEL=1 CLEANSLATE_SENTINEL_MODE=warn swift test --skip-build --package-path \(example) --no-parallel --filter '"
        ), "\(output)")
    }
  }

  @Test func anUnknownVictimIsAClearError() async throws {
    let example = try await example()

    let outcome = try await cleanslate(
      "bisect", "WelcomeTests/testWelcomesInEnglishByDefault", "--package-path", example)

    #expect(outcome.status != 0)
    #expect(
      outcome.standardError.contains("No test named WelcomeTests/testWelcomesInEnglishByDefault"))
    #expect(
      outcome.standardError.contains(
        "Did you mean: GreeterTests.WelcomeTests/testWelcomesInEnglishByDefault?"))
  }

  @Test func aPackageWhoseTestsAreNotBuiltIsAClearError() async throws {
    // Given a package that was never built
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-bisect-unbuilt-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Tests/UnbuiltTests"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      """
      // swift-tools-version: 6.1
      import PackageDescription
      let package = Package(name: "Unbuilt", targets: [.testTarget(name: "UnbuiltTests")])
      """.utf8
    ).write(to: directory.appendingPathComponent("Package.swift"))
    try Data("import XCTest\nfinal class T: XCTestCase { func testA() {} }\n".utf8)
      .write(to: directory.appendingPathComponent("Tests/UnbuiltTests/T.swift"))

    // When bisect is asked about it
    let outcome = try await cleanslate(
      "bisect", "UnbuiltTests.T/testA", "--package-path", directory.path)

    // Then it says to build the tests first
    #expect(outcome.status != 0)
    #expect(outcome.standardError.contains("No test build in"), "\(outcome.standardError)")
    #expect(outcome.standardError.contains("swift build --build-tests --package-path"))
  }
}
