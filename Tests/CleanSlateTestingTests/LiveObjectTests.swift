import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// A test scope frees everything it owns when its test ends: after 1,000 argument cases through
/// the trait, each using a fixture with a teardown, the engine's count of live scopes, records,
/// fixture entries and teardown sequences is what it is after 10.
///
/// Each count is taken in a child process that runs only ``LiveObjectCases`` (this test binary
/// again, filtered), so that no other test's scopes are counted; the child prints the counts
/// as it exits, once every case and the suite have ended.
@Suite struct LiveObjectTests {
  @Test func everythingATestOwnedIsFreedWhenItEnds() async throws {
    // When 10 and then 1,000 cases have run
    let few = try await liveObjects(afterCases: 10)
    let many = try await liveObjects(afterCases: 1_000)

    // Then as many objects are alive after either
    #expect(many == few)
  }

  @Test func aScopeKeptAliveByATestIsCounted() async throws {
    // When 10 and then 1,000 cases have run, each fixture's teardown keeping its context (and
    // so its scope) in a global
    let few = try await liveObjects(afterCases: 10, retaining: true)
    let many = try await liveObjects(afterCases: 1_000, retaining: true)

    // Then the counts show 990 more scopes alive: the check above would fail
    #expect(many.filter { $0.hasPrefix("scopes=") } != few.filter { $0.hasPrefix("scopes=") })
    #expect(many.first { $0.hasPrefix("scopes=") } != nil)
  }

  /// Runs ``LiveObjectCases`` with `count` cases in a child process and returns the live counts
  /// it printed as it exited, as `kind=count` words.
  private func liveObjects(afterCases count: Int, retaining: Bool = false) async throws -> [String]
  {
    var environment = StartingEnvironment.variables
    environment["CLEANSLATE_LIVE_OBJECT_CASES"] = "\(count)"
    environment["CLEANSLATE_LIVE_OBJECT_RETAIN"] = retaining ? "1" : nil
    environment["CLEANSLATE_SENTINEL"] = nil
    environment["CLEANSLATE_TRACE"] = nil
    let outcome = try await HelperExecutable(url: URL(fileURLWithPath: CommandLine.arguments[0]))
      .run(
        ["--testing-library", "swift-testing", "--filter", "LiveObjectCases"],
        environment: environment)
    let line = try #require(
      outcome.standardOutput.split(separator: "\n").last { $0.hasPrefix("live objects:") },
      "\(outcome.standardOutput)\n\(outcome.standardError)")
    #expect(outcome.status == 0, "\(outcome.standardOutput)")
    return line.split(separator: " ").dropFirst(2).map(String.init)
  }
}

/// The cases ``LiveObjectTests`` counts after: none unless its child process asks for them.
@Suite(.cleanSlate) struct LiveObjectCases {
  static let count =
    Int(ProcessInfo.processInfo.environment["CLEANSLATE_LIVE_OBJECT_CASES"] ?? "") ?? 0
  static let retains = ProcessInfo.processInfo.environment["CLEANSLATE_LIVE_OBJECT_RETAIN"] == "1"
  static let kept = Locked<[FixtureContext]>([])

  /// A 64 KB object per test, with a teardown.
  static let payload = Fixture<[UInt8]>("payload") { context in
    let payload = [UInt8](repeating: 1, count: 64 * 1024)
    context.addTeardown {
      if LiveObjectCases.retains { LiveObjectCases.kept.withLock { $0.append(context) } }
    }
    return payload
  }

  /// Prints the live counts when the process exits, once the last teardown's thread has let go.
  static let printsAtExit: Void = {
    atexit {
      let counts = LiveObjects.settled().sorted { $0.key.rawValue < $1.key.rawValue }
        .map { "\($0.key.description.replacingOccurrences(of: " ", with: "-"))=\($0.value)" }
      print("live objects: " + counts.joined(separator: " "))
      fflush(nil)
    }
  }()

  @Test(arguments: 0..<count) func usesAFixture(_ index: Int) async throws {
    _ = Self.printsAtExit
    #expect(try await use(Self.payload).count == 64 * 1024)
  }
}
