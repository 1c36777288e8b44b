import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate bisect`, run as a user would on the FindALeak example: it names the polluter and
/// what it left behind, and says clearly what is wrong with a victim it cannot bisect. (The
/// other errors, and the number of runs, are the subject of `BisectionTests`.)
@Suite(.serialized) struct BisectCommandTests {
  /// `Examples/FindALeak`, built (its tests against this checkout's CleanSlate) before use.
  static let example: Result<String, any Error> = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let example = root.appendingPathComponent("Examples/FindALeak").path
    return Result {
      let build = Process()
      build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      build.arguments = ["swift", "build", "--build-tests", "--package-path", example]
      build.standardOutput = FileHandle.nullDevice
      try build.run()
      build.waitUntilExit()
      guard build.terminationStatus == 0 else { throw ExampleBuildFailed() }
      return example
    }
  }()

  struct ExampleBuildFailed: Error {}

  private func cleanslate(_ arguments: String...) async throws -> HelperExecutable.Outcome {
    try await HelperExecutable(named: "cleanslate").run(arguments)
  }

  @Test func findsThePolluterOfTheExampleAndWhatItLeftBehind() async throws {
    let example = try await offThread { Self.example }.get()

    let outcome = try await cleanslate(
      "bisect", "GreeterTests.WelcomeTests/testWelcomesInEnglishByDefault",
      "--package-path", example)

    #expect(outcome.status == 0, "\(outcome.standardError)")
    let output = outcome.standardOutput
    #expect(output.contains("Bisecting GreeterTests.WelcomeTests/testWelcomesInEnglishByDefault"))
    #expect(output.contains("run 1: the victim alone: passes"))
    #expect(output.contains("):\n  GreeterTests.LanguageTests/testFrenchGreeting\n"), "\(output)")
    #expect(output.contains("+ GREETER_LANGUAGE=\"fr\" (added)"), "\(output)")
  }

  @Test func anUnknownVictimIsAClearError() async throws {
    let example = try await offThread { Self.example }.get()

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
