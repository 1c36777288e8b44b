public import CleanSlate
public import XCTest

/// An `XCTestCase` whose tests use CleanSlate fixtures, reset `@Resettable` properties and check
/// objects for leaks, in XCTest's documented order.
///
/// ```swift
/// final class StoreTests: FixtureTestCase {
///   @Resettable var store: Store!                 // released after every test
///
///   override func setUp() async throws {
///     try await super.setUp()
///     store = try await use(.store)               // torn down after the test's tearDown methods
///   }
///
///   func testSaves() throws { ... }
/// }
/// ```
///
/// Each test runs in a test scope of its own, inside one suite scope per class (from the
/// class's first test to its last), inside the process scope (until the test bundle finishes).
/// The test scope is current while `setUp`, the test body and `tearDown` run, so the global
/// `use(_:)` resolves there too. After the body, the checks registered for its end run
/// (`verifyLater(_:)`); after the test's own tearDown methods,
/// `@Resettable` properties are reset, then the fixtures are torn down, last in first out, then
/// leak checks run. See <doc:LifecycleOrder>.
///
/// Every failure CleanSlate finds is recorded as a failure of the test, at the line that
/// registered the failing code.
open class FixtureTestCase: XCTestCase {
  /// The running test's scope; `nil` outside `invokeTest()`.
  private(set) var testScope: ScopeRuntime?
  /// Set for the last test of its class in the running suite: the suite scope ends after it.
  var endsSuiteScope = false
  /// The `@Resettable` properties that hold a value, in the order they were first set.
  var resettables: [any ResettableKeyPath] = []

  #if !canImport(ObjectiveC)
    /// Creates the test case; XCTest calls this once for every test method. The method runs as
    /// the test scope's body, whose end is checked before the tearDown methods.
    public required init(name: String, testClosure: @escaping XCTestCaseClosure) {
      XCTestIntegration.install()
      super.init(name: name) { testCase in
        guard let scope = (testCase as? FixtureTestCase)?.testScope else {
          return try testClosure(testCase)
        }
        try scope.runBodySynchronously(skipped: { $0 is XCTSkip }) { try testClosure(testCase) }
      }
    }
  #endif

  /// Runs the test in its own scope: XCTest's setUp sequence, the body and its tearDown sequence,
  /// then resets `@Resettable` properties, tears the fixtures down and runs the leak checks.
  open override func invokeTest() {
    XCTestIntegration.install()
    let (name, testClass) = (name, type(of: self))
    let scope = ScopeRuntime(
      .test, name: name, parent: SuiteScopes.shared.scope(for: Self.self),
      sink: .xcTest(recordingOn: self),
      identity: { TestIdentity(xcTestNamed: name, of: testClass) }, timeLimit: testTimeout)
    if let sentinel = Self.sentinel { scope.watchState(sentinel, serial: true) }
    testScope = scope
    scope.liveSynchronously {
      #if canImport(ObjectiveC)
        // Apple's XCTest has no hook between the body and its teardown blocks: the first block
        // registered runs last, right before the tearDown methods.
        addTeardownBlock { scope.finishBodySynchronously() }
      #endif
      super.invokeTest()
      scope.finishBodySynchronously()
      resetResettables()
      if testRun?.hasBeenSkipped == true { scope.declareOutcome(.skipped) }
    }
    testScope = nil
    if endsSuiteScope {
      endsSuiteScope = false
      SuiteScopes.shared.end(Self.self)
    }
  }

  /// How long this test may run before it is ended as hung: `nil` (the run's limit,
  /// `CleanSlateDefaults.testTimeout`, which `CLEANSLATE_TEST_TIMEOUT` sets) unless a subclass
  /// says otherwise, for all its tests or, by `name`, for one.
  ///
  /// ```swift
  /// override var testTimeout: Duration? { .seconds(30) }
  /// ```
  ///
  /// A test that runs past its limit — from its `setUp` to its last fixture teardown — is
  /// reported with what CleanSlate knows of it (its fixtures, the setup or teardown running, the
  /// work its `WorkTracker` still counts), and its test process is ended, so that the run ends
  /// instead of hanging: XCTest on Linux has no time limit of its own, and a test blocked on a
  /// semaphore cannot be stopped otherwise. Under `cleanslate test --test-timeout`, the runner
  /// ends it at this limit, with its threads' stacks.
  open var testTimeout: Duration? { nil }

  /// The process-state watch for this class's tests and its suite scope: `nil` (no watch) unless
  /// the run asks for one with `CLEANSLATE_SENTINEL`. Override it to watch this class.
  ///
  /// ```swift
  /// override class var sentinel: Sentinel? { Sentinel(allowing: [.threads: ["NIO-SGLTN-*"]]) }
  /// ```
  ///
  /// The first snapshot is taken before `setUp`, the second after every teardown of the test;
  /// what changed is recorded as one failure per kind of state, at the line that created the
  /// `Sentinel`. Return `nil` to keep a class out of a run-wide watch. See "Finding tests
  /// that leak state" in CleanSlate's documentation.
  open class var sentinel: Sentinel? { Sentinel.runWide }

  /// Ends the class's suite scope if its last test did not (the tests ran outside an XCTest
  /// suite). Failures found here cannot be recorded on a test: they go to standard error, and
  /// the process exits with a failure status when the test bundle finishes.
  open override class func tearDown() {
    SuiteScopes.shared.end(self)
    super.tearDown()
  }

  #if !canImport(ObjectiveC)
    /// Makes XCTest's wait for `tearDown() async` end as soon as the tearDown methods are done.
    ///
    /// swift-corelibs-xctest runs `tearDown() async` in a task and turns the main run loop
    /// until the task says it is done; when the task finishes before the run loop starts
    /// turning, the signal is lost and XCTest sleeps until its next check, up to a tenth of a
    /// second per test. A block queued on the main queue here — the end of the tearDown
    /// sequence, as overrides call `super.tearDown()` last — ends that wait as soon as the run
    /// loop turns. (`setUp() async` gets no such block: overrides call `super.setUp()` first,
    /// and an early wake-up there costs more than it saves.)
    open override func tearDown() async throws {
      DispatchQueue.main.async {}
      try await super.tearDown()
    }
  #endif

  // MARK: - Fixtures

  /// Returns a fixture's value in the running test's scope, setting it up on first use.
  ///
  /// Call it in `setUp() async throws` or in an `async` test body. The value is cached in the
  /// fixture's scope: once per test, once per class (suite) or once per run (process); its
  /// teardowns run when that scope ends. When setup fails, the failure — naming the fixture, its
  /// declaration and its dependency path — is recorded on the test at this line, and the error
  /// thrown ends the test without being recorded again: let it propagate.
  public func use<Value>(
    _ fixture: Fixture<Value>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> Value {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return try await ScopeRuntime.use(fixture, in: testScope, at: location)
  }

  /// Returns a fixture's value from synchronous code — `setUpWithError()` or a test method that
  /// is not `async` — setting it up on first use, exactly as the `async` overload does.
  ///
  /// ```swift
  /// override func setUpWithError() throws {
  ///   try super.setUpWithError()
  ///   store = try use(.store)
  /// }
  /// ```
  ///
  /// The fixture's setup runs in a task while this thread waits; on the main thread, where
  /// XCTest runs tests, the main queue is served meanwhile, so a setup that needs the main actor
  /// still runs. Call it from XCTest's hooks and test methods, not from inside a task: there it
  /// would hold one of Swift concurrency's few threads while it waits.
  public func use<Value>(
    _ fixture: Fixture<Value>,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) throws -> Value {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return try ScopeRuntime.useSynchronously(fixture, in: testScope, at: location)
  }

  // MARK: - Failures

  /// Records a CleanSlate failure as a failure of the test, at the failure's location, past
  /// this class's own recording (the engine has put it in the trace and taken note of it).
  func recordOwnFailure(_ failure: CleanSlateError) {
    #if canImport(ObjectiveC)
      super.record(XCTIssue(cleanSlateFailure: failure))
    #else
      super.recordFailure(
        withDescription: failure.description, inFile: failure.location.filePath,
        atLine: failure.location.line, expected: true)
    #endif
  }

  #if canImport(ObjectiveC)
    /// Takes note of the issue in the test's scope, so teardowns can see the test failed, and
    /// traces it; an error of a fixture that failed to set up was recorded where it failed, and
    /// is not recorded again.
    open override func record(_ issue: XCTIssue) {
      if issue.associatedError is FixtureUnavailable { return }
      let location = issue.sourceCodeContext.location.map {
        CodeLocation(
          fileID: $0.fileURL.lastPathComponent, filePath: $0.fileURL.path, line: $0.lineNumber,
          column: 1)
      }
      testScope?.noteFrameworkIssue(issue.compactDescription, at: location, known: false)
      super.record(issue)
    }
  #else
    /// Takes note of the failure in the test's scope, so teardowns can see the test failed, and
    /// traces it.
    open override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      let file = URL(fileURLWithPath: filePath).lastPathComponent
      testScope?.noteFrameworkIssue(
        description,
        at: CodeLocation(fileID: file, filePath: filePath, line: lineNumber, column: 1),
        known: false)
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  #endif
}
