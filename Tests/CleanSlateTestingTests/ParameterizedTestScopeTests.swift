import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// Counts, per argument of a parameterized test, how often a test fixture was set up.
enum ArgumentProbe {
  /// The argument whose case is asking for the fixture.
  @TaskLocal static var argument = -1
  static let setupsPerArgument = Locked<[Int: Int]>([:])
}

extension Fixture where Value == Int {
  /// A test fixture that counts its setups for the argument being tested.
  static let countedPerArgument = Fixture("countedPerArgument") { _ in
    let argument = ArgumentProbe.argument
    return ArgumentProbe.setupsPerArgument.withLock { setups in
      setups[argument, default: 0] += 1
      return setups[argument]!
    }
  }
}

/// Rule "Scopes": every argument case of a parameterized test is a test scope of its own.
@Suite(.cleanSlate) struct ParameterizedTestScopeTests {
  @Test(arguments: 0..<8)
  func eachArgumentCaseGetsItsOwnTestScope(argument: Int) async throws {
    // Given a test fixture that counts its setups per argument
    // When this argument's case uses it twice
    let first = try await ArgumentProbe.$argument.withValue(argument) {
      try await use(.countedPerArgument)
    }
    let second = try await ArgumentProbe.$argument.withValue(argument) {
      try await use(.countedPerArgument)
    }

    // Then it was set up exactly once for this argument, and cached for the second use
    #expect(first == 1)
    #expect(second == 1)
    #expect(ArgumentProbe.setupsPerArgument.value[argument] == 1)
  }

  @Test func argumentCasesOfOneTestDoNotShareAScope() async throws {
    // Given one test target run as three concurrent argument cases (same test ID)
    let driver = TraitDriver()
    let setups = Counter()
    let perCase = Fixture("perCase") { _ in setups.increment() }
    let trait: CleanSlateTrait = .fixtures(perCase)

    // When the trait provides a scope for each case
    let issues = try await driver.run {
      try await withThrowingTaskGroup { group in
        for _ in 0..<3 {
          group.addTask {
            try await trait.provideScope(for: .test("Suite/cases(_:)")) {
              _ = try await use(perCase)
            }
          }
        }
        try await group.waitForAll()
      }
    }

    // Then each case had its own test scope and its own setup
    #expect(issues.isEmpty)
    #expect(setups.value == 3)
    #expect(driver.events.outline.filter { $0 == "scopeBegin Suite/cases(_:)" }.count == 3)
  }
}
