import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// What happened to the broken suite fixture used by `BrokenSuiteFixtureTests`.
enum BrokenSuiteProbe {
  static let setups = Counter()
  static let teardowns = Counter()
}

extension Fixture where Value == Int {
  /// A suite fixture that registers a teardown, then throws.
  static let brokenSuiteFixture = Fixture("brokenSuiteFixture", scope: .suite) { context in
    BrokenSuiteProbe.setups.increment()
    context.addTeardown {
      guard BrokenSuiteProbe.teardowns.increment() == 1 else {
        throw TeardownCheckFailed(description: "brokenSuiteFixture was torn down twice")
      }
    }
    throw Boom(label: "no database server")
  }
}

/// Setup failures in a real suite: every test that needs a suite fixture whose setup threw fails, the
/// setup is not retried, and what it set up is torn down once.
@Suite(.cleanSlate) struct BrokenSuiteFixtureTests {
  @Test(arguments: 0..<4)
  func everyTestThatNeedsTheBrokenSuiteFixtureFails(index: Int) async throws {
    // Given a suite fixture whose setup throws
    // When each test asks for it
    await withKnownIssue {
      _ = try? await use(.brokenSuiteFixture)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("fixture 'brokenSuiteFixture' declared at") == true
    }

    // Then each one fails, and the setup ran only once
    #expect(BrokenSuiteProbe.setups.value == 1)
  }
}

/// Setup failures through the trait: an eager suite fixture that fails is reported in full once, each
/// test is skipped with a short issue pointing to it, and nothing is torn down twice.
@Suite struct SuiteSetupFailureTests {
  @Test func aFailedSuiteSetupIsReportedOnceInFullAndOnceShortPerTest() async throws {
    // Given a suite trait whose suite fixture registers a teardown and then throws
    let driver = TraitDriver()
    let journal = Journal()
    let database = Fixture("database", scope: .suite) { context in
      context.addTeardown { journal.record("undo database") }
      throw Boom(label: "connection refused")
    }
    let traitLine = #line + 1
    let trait: CleanSlateTrait = .fixtures(database)

    // When the suite runs three tests
    let issues = try await driver.run {
      try await trait.provideScope(for: .suite("Suite")) {
        for index in 0..<3 {
          try await trait.provideScope(for: .test("Suite/test\(index)()")) {
            journal.record("body \(index)")
          }
        }
      }
    }

    // Then one full setup failure, one short issue per test, no body ran, one teardown
    let codes = issues.map { $0.cleanSlateError?.code }
    #expect(codes == [.setupFailed, .setupFailedEarlier, .setupFailedEarlier, .setupFailedEarlier])
    #expect(issues.allSatisfy { $0.cleanSlateError?.fixture == "database" })
    #expect(issues.allSatisfy { $0.sourceLocation?.line == traitLine })
    #expect(issues.allSatisfy { $0.cleanSlateError?.declaration == database.location })
    #expect(journal.all == ["undo database"])
  }
}
