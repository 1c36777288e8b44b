import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate test --explain`, run as a user would on `Examples/WhyFlaky` (a flaky test of each
/// kind, in XCTest and Swift Testing): each cause named from runs it made, with its evidence and
/// one command, in every form the run writes; stable tests never explained; the package unchanged
/// and nothing left behind; a clear error for every bad input.
@Suite(.serialized) struct ExplainCommandTests {
  /// `Examples/WhyFlaky`, its tests built before use.
  static func example() async throws -> String {
    try await BuiltPackage.tests(at: "Examples/WhyFlaky")
  }

  /// What a run of `cleanslate` printed, and what it left in its temporary directory.
  struct Run {
    var outcome: HelperExecutable.Outcome
    /// What is left in the temporary directory, besides what `swift` itself leaves there.
    var leftBehind: [String]

    var lines: [String] { outcome.standardOutput.split(separator: "\n").map(String.init) }
  }

  /// Runs `cleanslate test --package-path <example> arguments` with a temporary directory of its
  /// own, and `environment` added.
  ///
  /// The runs that explain give each test 10 minutes: on a machine that runs this suite's other
  /// tests at the same time, a run of `swift test` takes up to 10 s, and a test whose budget ran
  /// out is unknown.
  private func cleanslateTest(
    _ arguments: [String], packagePath: String? = nil, environment: [String: String] = [:]
  ) async throws -> Run {
    var path = packagePath ?? ""
    if packagePath == nil { path = try await Self.example() }
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-explain-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    var variables = StartingEnvironment.variables.merging(environment) { $1 }
    variables["TMPDIR"] = temporary.path
    variables["CLEANSLATE_SEED"] = environment["CLEANSLATE_SEED"]
    let outcome = try await HelperExecutable(named: "cleanslate").run(
      ["test", "--package-path", path] + arguments, environment: variables)
    // `swift` leaves folders and lock files of its own in every run's temporary directory.
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter {
      !$0.hasPrefix("TemporaryDirectory.") && !$0.hasSuffix(".lock")
    }
    return Run(outcome: outcome, leftBehind: left)
  }

  /// The example's files outside its build folder, with their sizes and modification dates.
  private func exampleFiles() async throws -> [String] {
    let root = try await Self.example()
    let enumerator = FileManager.default.enumerator(atPath: root)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasPrefix(".build") || path.hasPrefix(".swiftpm") { continue }
      let attributes = try FileManager.default.attributesOfItem(atPath: "\(root)/\(path)")
      files.append("\(path) \(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "")")
    }
    return files.sorted()
  }

  @Test func anOrderDependentTestIsExplainedInEveryFormAndAStableOneIsNot() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-explain-reports-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = directory.appendingPathComponent("summary.json").path
    let junit = directory.appendingPathComponent("junit.xml").path
    let before = try await exampleFiles()

    // When the greeting tests (one sets a variable the other reads) and two stable tests run,
    // explained
    let run = try await cleanslateTest([
      "--skip-build", "--filter", "GreetingXCTests|StableXCTests", "--retries", "2", "--explain",
      "--explain-budget", "120",
      "--summary-json", json, "--junit", junit,
    ])

    // Then the English test is flaky, by order: the French test left SHOP_LANGUAGE set
    #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
    let victim = "ShopTests.GreetingXCTests/testGreetsInEnglishByDefault"
    let polluter = "ShopTests.GreetingXCTests/testFrenchGreeting"
    let paragraph = Array(run.lines.suffix(4))
    #expect(paragraph[0].hasPrefix("Why flaky: \(victim) — order, decided by "))
    #expect(paragraph[1].hasPrefix("  It passes alone ("), "\(paragraph[1])")
    #expect(paragraph[1].contains(") and fails after \(polluter) ("))
    #expect(
      paragraph[1].hasSuffix(#"runs), which leaves state behind: + SHOP_LANGUAGE="fr" (added)."#))
    #expect(
      paragraph[2]
        == #"  Reproduce: CLEANSLATE_SENTINEL=1 CLEANSLATE_SENTINEL_MODE=warn swift test --skip-build --package-path \#(try await Self.example()) --no-parallel --filter '^(ShopTests\.GreetingXCTests/testFrenchGreeting|ShopTests\.GreetingXCTests/testGreetsInEnglishByDefault)$' --disable-swift-testing"#
    )
    #expect(paragraph[3] == "3 passed, 0 failed, 1 flaky, 0 skipped")

    // And only that test was explained, in the JSON summary and in JUnit too
    #expect(run.outcome.standardOutput.contains("Explaining 1 test that failed"))
    let summary = try String(contentsOfFile: json, encoding: .utf8)
    #expect(summary.components(separatedBy: "\"cause\":").count == 2)
    #expect(summary.contains(#""cause":{"kind":"order","#))
    #expect(
      summary.contains(#""polluter":"\#(polluter)","state":"+ SHOP_LANGUAGE=\"fr\" (added)""#))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"<property name="cleanslate.cause" value="order"/>"#))

    // And the package is as it was, and nothing is left behind
    #expect(try await exampleFiles() == before)
    #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
  }

  @Test func timeZoneAndParallelCausesAreToldApart() async throws {
    // When Swift Testing's receipt test (written for Tokyo) and port tests (two on one port, run
    // at once) run, explained
    let run = try await cleanslateTest([
      "--skip-build", "--filter", "ShopSuites/(Receipts|Ports)", "--retries", "1", "--explain",
      "--explain-budget", "120",
    ])

    // Then the receipt test failed in every attempt, by the time zone, and the port test is
    // flaky beside the test that holds the port
    #expect(run.outcome.status != 0)
    let text = run.outcome.standardOutput
    let zone = try #require(run.lines.first { $0.hasPrefix("  Its outcome follows") })
    #expect(
      zone.hasPrefix("  Its outcome follows the machine's time zone: it fails in "), "\(text)")
    #expect(
      zone.hasSuffix(
        #" and passes in Asia/Tokyo. Give it the zone it expects: try await use(.timeZone("Asia/Tokyo"))."#
      ))
    let parallel = try #require(
      run.lines.first {
        $0.hasPrefix("  It passes when the tests of its process run one at a time")
      },
      "\(text)")
    #expect(parallel.contains("runs), and fails when they run at the same time ("), "\(text)")
    #expect(parallel.hasSuffix(" runs), beside ShopTests.ShopSuites/Ports/holdsThePort()."))
    // (what they share: the port the failure names)
    #expect(
      run.lines.contains(
        "  Shared: the port 23812 (127.0.0.1:23812), which its failure names. Give each test a port of its own: listen on port 0 and use the port the system chose."
      ), "\(text)")
    #expect(
      text.contains(
        "Why it fails: ShopTests.ShopSuites/Receipts/receiptShowsTheLocalTime() — time zone, "))
    #expect(text.contains("Why flaky: ShopTests.ShopSuites/Ports/listensOnThePort() — parallel, "))
    #expect(!text.contains("Why flaky: ShopTests.ShopSuites/Ports/holdsThePort()"))
    #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
  }

  @Test func hashOrderIsNamedWithTheArgumentCaseThatFails() async throws {
    // When the order tests (JSON whose keys come in a dictionary's order) run, explained
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-explain-hash-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = directory.appendingPathComponent("summary.json").path
    let run = try await cleanslateTest([
      "--skip-build", "--filter", "OrderXCTests|ShopSuites/Orders/firstItemsAsJSON",
      "--retries", "2", "--explain", "--explain-budget", "120", "--summary-json", json,
    ])

    // Then each is hash order, the parameterized one in its case count → 12, reproduced with
    // that case alone; each failed in every attempt of the run, so it says why it fails
    let text = run.outcome.standardOutput
    #expect(
      text.contains("Why it fails: ShopTests.OrderXCTests/testOrderAsJSON — hash order, "),
      "\(text)")
    #expect(
      text.contains(
        "Why it fails: ShopTests.ShopSuites/Orders/firstItemsAsJSON(count:) (count → 12) — hash order, "
      ))
    #expect(
      text.contains(
        "CLEANSLATE_TEST_CASE='ShopTests.ShopSuites/Orders/firstItemsAsJSON(count:) (count → 12)' swift test "
      ))
    let summary = try String(contentsOfFile: json, encoding: .utf8)
    #expect(summary.contains(#""cause":{"kind":"hashOrder","#))
    #expect(summary.contains(#""case":"count → 12""#))
    #expect(summary.contains(#""deterministicHashing":{"failures":0,"#))
    #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
  }

  @Test func aTestWhoseOutcomeFollowsTheSeedNamesBothSeeds() async throws {
    // When the basket test runs with a run seed that draws an empty basket, explained
    let run = try await cleanslateTest(
      ["--skip-build", "--filter", "BasketXCTests", "--explain", "--explain-budget", "120"],
      environment: ["CLEANSLATE_SEED": "19"])

    // Then it failed, and its outcome follows the seed
    #expect(run.outcome.status != 0)
    let seed = try #require(
      run.lines.first { $0.hasPrefix("  It draws from .seededRandom") },
      "\(run.outcome.standardOutput)")
    #expect(
      seed.hasPrefix(
        "  It draws from .seededRandom and its outcome follows the run's seed: it fails with seed 19 ("
      ))
    #expect(seed.contains(") and passes with seed 2 ("))
    #expect(
      run.outcome.standardOutput.contains(
        "  Reproduce: CLEANSLATE_SEED=19 swift test --skip-build"
      ))
  }

  @Test func aSetWhoseFixedOrderIsTheFailingOneIsHashOrder() async throws {
    // When the tag test (a two-element set, whose order with deterministic hashing is not the one
    // expected) runs, explained
    let run = try await cleanslateTest([
      "--skip-build", "--filter", "TagXCTests", "--retries", "3", "--repeat", "3", "--explain",
    ])

    // Then, had it failed, it is hash order, reproduced with deterministic hashing
    let text = run.outcome.standardOutput
    guard text.contains("Explaining") else { return }  // (it passed in each of 12 processes)
    // (unless both runs of each of the first six pairs failed, as a two-element set's hashing does
    // one time in 64: then the comparison gives up, as designed, and says so — never another
    // factor)
    let gaveUp = text.contains(
      "hash order: 6 of 6 runs alone, SWIFT_DETERMINISTIC_HASHING=1, 6 of 6 runs alone")
    if gaveUp {
      #expect(
        text.contains("Why flaky: ShopTests.TagXCTests/testTagLine — intrinsic, "), "\(text)")
      return
    }
    #expect(
      text.contains("Why flaky: ShopTests.TagXCTests/testTagLine — hash order, "), "\(text)")
    #expect(text.contains("it fails with SWIFT_DETERMINISTIC_HASHING=1 ("))
    #expect(text.contains("  Reproduce: SWIFT_DETERMINISTIC_HASHING=1 swift test "))
  }

  @Test func processesThatShareATemporaryFileInTheRunShareItInTheExperiments() async throws {
    // When the two printer tests — each writes one spool file in the temporary directory and
    // reads it back — run at once, each in a process of its own, explained
    let run = try await cleanslateTest([
      "--skip-build", "--filter", "PrinterXCTests", "--retries", "2", "--explain", "--",
      "--parallel",
    ])

    // Then the one that read the other's document is parallel across processes, through the
    // file they share in the temporary directory, which the watched runs share too
    let text = run.outcome.standardOutput
    #expect(text.contains(" — parallel across processes, "), "\(text)")
    #expect(
      text.contains(
        "  Shared: what the sentinel saw them leave: + $TMPDIR/shop-printer-spool.txt (created)."),
      "\(text)")
    // (the run's own tests left their spool in the temporary directory; the experiments, nothing)
    #expect(run.leftBehind == ["shop-printer-spool.txt"], "\(run.leftBehind)")
  }

  @Test(arguments: [
    (
      ["--explain", "--explain-budget", "soon"],
      "--explain-budget 'soon' is not a number of seconds: give a whole number greater than 0, as 60."
    ),
    (
      ["--explain", "--explain-budget", "0"],
      "--explain-budget '0' is not a number of seconds: give a whole number greater than 0, as 60."
    ),
    (
      ["--explain-budget", "30"],
      "--explain-budget sets the budget of --explain: give --explain too."
    ),
    (
      ["--explain", "--filter", "ShopTests.NoSuchTests/testNothing"],
      "--filter 'ShopTests.NoSuchTests/testNothing' matches none of the 37 tests swift test list prints"
    ),
  ])
  func badInputIsAClearErrorAndLeavesNothingBehind(
    arguments: [String], message: String
  )
    async throws
  {
    let run = try await cleanslateTest(["--skip-build"] + arguments)

    #expect(run.outcome.status != 0)
    #expect(run.outcome.standardError.contains(message), "\(run.outcome.standardError)")
    #expect(!run.outcome.standardOutput.contains("Explaining"))
    #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
  }

  @Test func aPackageWhoseTestsDoNotBuildIsAClearErrorAndLeavesNothingBehind() async throws {
    // Given a package whose test does not compile
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-explain-broken-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Tests/BrokenTests"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      """
      // swift-tools-version: 6.1
      import PackageDescription
      let package = Package(name: "Broken", targets: [.testTarget(name: "BrokenTests")])
      """.utf8
    ).write(to: directory.appendingPathComponent("Package.swift"))
    try Data("import XCTest\nfinal class T: XCTestCase { func testA() { undefined() } }\n".utf8)
      .write(to: directory.appendingPathComponent("Tests/BrokenTests/T.swift"))

    // When its tests are run, explained
    let run = try await cleanslateTest(["--explain"], packagePath: directory.path)

    // Then the build's error is shown, and nothing is explained or left behind
    #expect(run.outcome.status != 0)
    #expect(run.outcome.standardError.contains("cannot find 'undefined' in scope"))
    #expect(
      run.outcome.standardError.contains(
        "The tests did not build (swift build --build-tests --package-path \(directory.path), status 1)."
      ), "\(run.outcome.standardError)")
    #expect(!run.outcome.standardOutput.contains("Explaining"))
    #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
  }
}
