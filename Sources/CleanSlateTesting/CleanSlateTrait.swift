public import Testing

/// A trait that gives a suite and each of its tests a CleanSlate scope, optionally setting up
/// fixtures before they run.
///
/// Add it with ``Testing/Trait/cleanSlate`` or ``Testing/Trait/fixtures(_:sourceLocation:)``:
///
/// ```swift
/// @Suite(.cleanSlate) struct StoreTests {
///   @Test(.fixtures(.store)) func saves() async throws {
///     let store = try await use(.store)
///     ...
///   }
/// }
/// ```
///
/// On a suite, the trait opens one suite scope for the whole suite (suite-scoped fixtures are
/// shared by its tests, set up once, and torn down after its last test) and one test scope for
/// every test and every argument case of a parameterized test. Nested suites inherit it and get
/// a suite scope of their own. On a test alone, it opens a test scope inside the process scope.
/// While a scope is open it is the current one, so `use(_:)` works in test bodies and in a
/// suite's `init`.
///
/// When the test body ends, CleanSlate runs its end-of-body checks, then every teardown of the
/// test scope, last in first out, whether the test passed, failed, threw or was cancelled. Each
/// failure is recorded once, as an issue at the line that asked for the fixture, registered the
/// teardown or made the check; its message names the fixture's declaration too.
public struct CleanSlateTrait: TestTrait, SuiteTrait, TestScoping {
  /// The fixtures to set up eagerly, in order, before the body runs.
  let fixtures: [AnyFixture]
  /// Where the trait was added, for failures about the trait itself.
  let sourceLocation: SourceLocation
  /// The process-state watch the trait asks for (`.sentinel(...)`), if any.
  var sentinel: Sentinel? = nil
  /// The time limit the trait gives its tests (`.testTimeout(_:)`), if any.
  var timeLimit: Duration? = nil

  /// Always `true`: the tests of a suite, and its nested suites, inherit the trait, so that each
  /// of them gets a scope of its own.
  public var isRecursive: Bool { true }

  /// Returns the trait itself for a suite, for a test function as a whole, and for each case of
  /// it: every argument case of a parameterized test gets its own scope, and the function's
  /// issues are observed once, around all its cases.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    self
  }

  /// Opens the suite's or test case's scope, sets up the declared fixtures, runs `function`
  /// with the scope current, then ends the scope and records every failure as an issue; for a
  /// test function as a whole, observes the issues its cases record.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard test.isSuite || testCase != nil else {
      return try await FailureTracking.observing(test, function)
    }
    guard try SelectedCase.runs(test, testCase) else { return }
    // Nothing is built before the test's own task starts: what a case's task allocates stays
    // allocated until its whole test function ends.
    try await ScopeRuntime.inOwnTask(if: !test.isSuite) {
      try await live(
        ScopeTarget(test), identity: TestIdentity.provider(for: test, case: testCase),
        performing: function)
    }
  }
}

// MARK: -

extension Trait where Self == CleanSlateTrait {
  /// A trait that opens CleanSlate scopes for a suite and its tests, or for a single test.
  ///
  /// ```swift
  /// @Suite(.cleanSlate) struct StoreTests {
  ///   @Test func saves() async throws {
  ///     let store = try await use(.store)   // set up on first use, torn down after the test
  ///     ...
  ///   }
  /// }
  /// ```
  public static var cleanSlate: Self {
    Self(fixtures: [], sourceLocation: #_sourceLocation)
  }

  /// Constructs a trait that sets up fixtures, in order, before a test or a suite runs, and
  /// opens CleanSlate scopes as ``cleanSlate`` does.
  ///
  /// On a test, every listed fixture is set up before the body runs. On a suite, suite- and
  /// process-scoped fixtures are set up once before the suite's first test, and test-scoped
  /// ones before each of its tests. When a setup fails, the body is skipped and one issue names
  /// the fixture and its dependency path.
  ///
  /// ```swift
  /// @Test(.fixtures(.database, .scratch)) func migrates() async throws {
  ///   let database = try await use(.database)   // already set up: returns the cached value
  ///   ...
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fixture: The fixtures to set up, of any value types.
  ///   - sourceLocation: Where the trait is added; captured automatically.
  public static func fixtures<each Value: Sendable>(
    _ fixture: repeat Fixture<each Value>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    var erased: [AnyFixture] = []
    for fixture in repeat each fixture {
      erased.append(AnyFixture(fixture))
    }
    return Self(fixtures: erased, sourceLocation: sourceLocation)
  }
}
