import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// Numbers the values of a test fixture, so that tests can tell them apart.
enum SerialProbe {
  static let next = Counter()
}

extension Fixture where Value == Int {
  /// A fresh number for every test scope.
  static let serial = Fixture("serial") { _ in SerialProbe.next.increment() }
}

/// `use(_:)` works in a suite's `init`, which Swift Testing runs inside each test's scope.
@Suite(.cleanSlate) struct UseInSuiteInitTests {
  let serialFromInit: Int

  init() async throws {
    serialFromInit = try await use(.serial)
  }

  @Test func initAndBodyShareTheTestsScope() async throws {
    // Given a suite whose init used the serial fixture
    // When the body uses it too
    let serial = try await use(.serial)

    // Then both got the same value: init ran inside this test's scope
    #expect(serial == serialFromInit)
  }

  @Test func theScopeIsNamedAfterTheSuiteAndTest() {
    // Given a test in a `.cleanSlate` suite
    // When it looks at the current scope
    let scope = ScopeRuntime.current

    // Then it is a test scope named Suite/test(), inside the suite's scope
    #expect(scope?.kind == .test)
    #expect(scope?.name == "UseInSuiteInitTests/theScopeIsNamedAfterTheSuiteAndTest()")
    #expect(scope?.parent?.kind == .suite)
    #expect(scope?.parent?.name == "UseInSuiteInitTests")
  }
}

/// `.cleanSlate` on a single test opens a test scope inside the process scope.
@Suite struct SingleTestTraitTests {
  @Test(.cleanSlate) func aSingleTestGetsATestScopeInTheProcessScope() async throws {
    // Given a test with `.cleanSlate` in a suite without it
    // When it uses a fixture
    let serial = try await use(.serial)

    // Then the fixture works, and the scope's parent is the process
    #expect(serial > 0)
    #expect(ScopeRuntime.current?.kind == .test)
    #expect(ScopeRuntime.current?.parent === ScopeRuntime.process)
  }
}
