import CleanSlate
import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// `cleanslate test` counts what `swift test` counts, run as a user runs it — from the package's
/// directory, no `--package-path` — on a package whose tests take every form Swift allows
/// (`Tests/FormsFixture`: Swift Testing functions at file scope, with display names, arguments,
/// raw identifiers, inside `#if`; suites of every kind; XCTest classes, inherited and async
/// methods): the same tests listed, each failure named, warnings and known issues passing, and a
/// failure its tests' ends do not show still failing the session. One at a time: each run lists
/// the tests with SwiftPM, which holds the package's build folder while it does.
@Suite(.serialized) struct FormsConformanceTests {
  /// Runs `cleanslate test` with `arguments` in the fixture's directory, with FORMS_FIXTURE_FAIL
  /// set to `fail` and FORMS_FIXTURE_HIDE to `hide`.
  private func cleanslateTest(
    _ arguments: [String], fail: String = "", hide: String = ""
  ) async throws -> HelperExecutable.Outcome {
    let fixture = try await BuiltPackage.tests(at: "Tests/FormsFixture")
    return try await HelperExecutable(named: "cleanslate").run(
      ["test", "--skip-build"] + arguments, environment: environment(fail: fail, hide: hide),
      in: fixture)
  }

  /// Runs `command` through the shell in the fixture's directory, as a user pastes it.
  private func shell(_ command: String, fail: String = "") async throws -> ChildProcess.Outcome {
    let fixture = try await BuiltPackage.tests(at: "Tests/FormsFixture")
    return try await ChildProcess(
      "/bin/sh", ["-c", command], environment: environment(fail: fail, hide: ""),
      directory: fixture
    ).run(combiningErrorWithOutput: true)
  }

  private func environment(fail: String, hide: String) -> [String: String] {
    var environment = StartingEnvironment.variables
    environment["FORMS_FIXTURE_FAIL"] = fail
    environment["FORMS_FIXTURE_HIDE"] = hide
    return environment
  }

  private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  @Test func theListIsWhatSwiftTestListPrintsEveryFormIncluded() async throws {
    // When both list the fixture's tests from its directory
    let listed = try await cleanslateTest(["--list"])
    let swift = try await shell("swift test list --skip-build 2>/dev/null")

    // Then they list the same 24, the free functions among them
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(lines(listed.standardOutput) == lines(swift.standardOutput))
    #expect(lines(listed.standardOutput).count == 24)
    for test in [
      "FormsFixtureTests.adds()", "FormsFixtureTests.displayName()",
      "FormsFixtureTests.parameterized(n:)", "FormsFixtureTests.`adds two numbers`()",
      "FormsFixtureTests.`a/b.c`()", "FormsFixtureTests.asyncThrowing()",
      "FormsFixtureTests.privateInsideIf()", "FormsFixtureTests.`Odd Suite`/`x y`()",
    ] {
      #expect(lines(listed.standardOutput).contains(test), "\(test)")
    }
  }

  @Test func withNothingFailingBothPassWarningsAndKnownIssuesIncluded() async throws {
    let outcome = try await cleanslateTest([])
    let swift = try await shell("swift test --skip-build > /dev/null 2>&1")

    #expect(swift.status == 0)
    #expect(outcome.status == 0, "\(outcome.standardOutput)")
    #expect(lines(outcome.standardOutput).last == "21 passed, 0 failed, 0 flaky, 3 skipped")
  }

  /// Each planted failure and the tests it fails, as `swift test list` names them.
  static let planted: [(fail: String, tests: [String])] = [
    ("adds", ["FormsFixtureTests.adds()"]),
    ("displayName", ["FormsFixtureTests.displayName()"]),
    ("parameterized", ["FormsFixtureTests.parameterized(n:)"]),
    ("rawIdentifier", ["FormsFixtureTests.`adds two numbers`()"]),
    ("rawIdentifierWithASlash", ["FormsFixtureTests.`a/b.c`()"]),
    ("asyncThrowing", ["FormsFixtureTests.asyncThrowing()"]),
    ("warns", ["FormsFixtureTests.warns()"]),
    ("knownIssue", ["FormsFixtureTests.knownIssue()"]),
    ("privateInsideIf", ["FormsFixtureTests.privateInsideIf()"]),
    ("plain", ["FormsFixtureTests.StructSuite/plain()"]),
    ("deep", ["FormsFixtureTests.StructSuite/Nested/deep()"]),
    ("inAnExtension", ["FormsFixtureTests.StructSuite/inAnExtension()"]),
    ("staticTest", ["FormsFixtureTests.EnumSuite/staticTest()"]),
    ("serialized", ["FormsFixtureTests.ClassSuite/serialized()"]),
    ("onTheMainActor", ["FormsFixtureTests.MainActorSuite/onTheMainActor()"]),
    ("rawIdentifierInASuite", ["FormsFixtureTests.`Odd Suite`/`x y`()"]),
    ("underATrait", ["FormsFixtureTests.TraitSuite/underATrait()"]),
    (
      "inherited",
      ["FormsFixtureTests.BaseCase/testInherited", "FormsFixtureTests.DerivedCase/testInherited"]
    ),
    ("own", ["FormsFixtureTests.DerivedCase/testOwn"]),
    ("async", ["FormsFixtureTests.AsyncCase/testAsync"]),
  ]

  @Test(arguments: Self.planted.indices)
  func aFailurePlantedInAnyFormFailsTheRunNamingIt(index: Int) async throws {
    // Given a failure planted in one test of one form
    let (fail, tests) = Self.planted[index]

    // When the whole package runs
    let outcome = try await cleanslateTest([], fail: fail)

    // Then the run fails, naming exactly that test, and counts it
    #expect(outcome.status == 1, "\(fail): \(outcome.standardOutput)\(outcome.standardError)")
    let failed = lines(outcome.standardOutput).filter { $0.hasPrefix("Failed: ") }
    #expect(failed.count == tests.count, "\(fail): \(failed)")
    for (line, test) in zip(failed, tests) {
      #expect(line.hasPrefix("Failed: \(test): "), "\(fail): \(line)")
    }
    #expect(
      lines(outcome.standardOutput).last
        == "\(21 - tests.count) passed, \(tests.count) failed, 0 flaky, 3 skipped")
  }

  @Test func theShardsTogetherRunEveryTestOnce() async throws {
    let all = try await cleanslateTest(["--list"])
    var shards: [[String]] = []
    var failedIn: [[String]] = []
    for index in 1...2 {
      // When each shard is listed, then run with a failure planted in three forms
      let listed = try await cleanslateTest(["--list", "--shard", "\(index)/2"])
      shards.append(lines(listed.standardOutput))
      let ran = try await cleanslateTest(
        ["--shard", "\(index)/2"], fail: "adds,rawIdentifierWithASlash,own")
      failedIn.append(lines(ran.standardOutput).filter { $0.hasPrefix("Failed: ") })
    }

    // Then the shards hold each test once, and each failure fails exactly one shard
    #expect(shards.flatMap(\.self).sorted() == lines(all.standardOutput).sorted())
    #expect(Set(shards[0]).isDisjoint(with: shards[1]))
    #expect(shards.allSatisfy { !$0.isEmpty })
    #expect(failedIn.flatMap(\.self).count == 3, "\(failedIn)")
  }

  @Test func aFilterSelectsAFreeFunctionAndItsRetryAndReproduceLineRunItAlone() async throws {
    // When one free function with a slash in its raw identifier is selected and fails, retried
    let outcome = try await cleanslateTest(
      ["--filter", "a/b", "--retries", "1"], fail: "rawIdentifierWithASlash")

    // Then it alone ran, twice, and failed the run
    #expect(outcome.status == 1)
    #expect(lines(outcome.standardOutput).last == "0 passed, 1 failed, 0 flaky, 0 skipped")
    #expect(
      lines(outcome.standardOutput).contains {
        $0.hasPrefix("Failed: FormsFixtureTests.`a/b.c`() (2 of 2 runs): ")
      }, "\(outcome.standardOutput)")

    // And every command it printed, pasted into a shell in the package, runs that test and
    // fails as the run said
    let printed = lines(outcome.standardOutput).filter { $0.hasPrefix("$ ") }
    #expect(printed.count == 2, "\(printed)")
    for command in printed {
      let pasted = try await shell(String(command.dropFirst(2)), fail: "rawIdentifierWithASlash")
      #expect(pasted.status == 1, "\(command): \(pasted.standardOutput)")
      #expect(
        pasted.standardOutput.contains(#"✘ Test "a/b.c" failed"#), "\(pasted.standardOutput)")
      #expect(
        pasted.standardOutput.contains("Test run with 1 test"), "\(pasted.standardOutput)")
    }
  }

  @Test func aProcessThatFailsAfterItsTestsPassedFailsTheSession() async throws {
    // Given test processes that exit 1 once every test passed: no test's end shows it
    let json = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-forms-\(UUID().uuidString.prefix(8)).json")
    defer { try? FileManager.default.removeItem(at: json) }
    let outcome = try await cleanslateTest(["--summary-json", json.path], hide: "exit")

    // Then the session fails, saying so for each framework's process
    #expect(outcome.status == 1, "\(outcome.standardOutput)")
    let unplaced = lines(outcome.standardOutput).filter { $0.hasPrefix("Unplaced failure: ") }
    #expect(unplaced.count == 2, "\(outcome.standardOutput)")
    #expect(unplaced.contains { $0.contains("the XCTest process") && $0.contains("status 1") })
    #expect(
      unplaced.contains { $0.contains("the Swift Testing process") && $0.contains("status 1") })
    #expect(
      lines(outcome.standardOutput).last
        == "21 passed, 0 failed, 0 flaky, 3 skipped, 2 failures no test accounts for")
    let written = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let failures = (written["unplaced"] as? [[String: Any]] ?? []).compactMap {
      $0["failure"] as? String
    }
    #expect(failures.count == 2, "\(written)")
    #expect(failures.first?.hasPrefix("the XCTest process") == true, "\(failures)")
  }

  @Test func anIssueRecordedOutsideAnyTestFailsTheSession() async throws {
    // Given a suite's trait that records an issue outside the suite's test
    let outcome = try await cleanslateTest([], hide: "outside")
    let swift = try await shell(
      "FORMS_FIXTURE_HIDE=outside swift test --skip-build >/dev/null 2>&1")

    // Then both fail, and cleanslate names the issue
    #expect(swift.status != 0)
    #expect(outcome.status == 1, "\(outcome.standardOutput)")
    #expect(
      lines(outcome.standardOutput).contains {
        $0.hasPrefix("Unplaced failure: Swift Testing recorded a failure outside any test: ")
          && $0.contains("recorded by a suite's trait, outside its tests (Suites.swift:")
      }, "\(outcome.standardOutput)")
  }
}
