public import CleanSlate
public import Testing

extension Trait where Self == CleanSlateTrait {
  /// A trait that opens CleanSlate scopes, as ``cleanSlate`` does, and reports the process
  /// state each of them leaves changed after its teardowns.
  ///
  /// ```swift
  /// @Suite(.sentinel(allowing: [.environment: ["APP_LOG_LEVEL"]]))
  /// struct SettingsTests {
  ///   @Test func savesTheToken() async throws { ... }   // an env var it set and kept: an issue
  /// }
  /// ```
  ///
  /// The first snapshot is taken when the scope opens, before any fixture is set up; the second
  /// once every teardown has run. What differs — and is not allowed — is recorded as one issue
  /// per kind of state at the test (or suite), with the exact difference and the sandbox fixture
  /// that would have restored it.
  ///
  /// On a suite, the suite and each of its tests are watched, and nested suites inherit it.
  /// Swift Testing runs tests in parallel: a test that ran alongside another watched test is not
  /// blamed for what changed meanwhile; its suite (or the end of the run) reports it instead,
  /// naming the tests that were running. Serialize the suite (`.serialized`) or run
  /// `swift test --no-parallel` to get reports at each test. See "Finding tests
  /// that leak state" in CleanSlate's documentation.
  ///
  /// - Parameters:
  ///   - kinds: The kinds of state to check; every kind by default.
  ///   - allowed: Names of state the tests may leave changed, by kind: exact, or a prefix
  ///     followed by `*`.
  ///   - fileRoots: The directories whose files are checked.
  ///   - sourceLocation: Where the trait is added; captured automatically.
  public static func sentinel(
    checking kinds: Set<Sentinel.Kind> = Sentinel.Kind.all,
    allowing allowed: [Sentinel.Kind: [String]] = [:],
    fileRoots: [Sentinel.FileRoot] = Sentinel.FileRoot.defaults,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    sentinel(
      Sentinel(
        checking: kinds, allowing: allowed, fileRoots: fileRoots,
        fileID: sourceLocation.fileID, filePath: sourceLocation.filePath,
        line: sourceLocation.line, column: sourceLocation.column),
      sourceLocation: sourceLocation)
  }

  /// A trait that opens CleanSlate scopes and watches them with `sentinel`.
  ///
  /// ```swift
  /// let strict = Sentinel(checking: [.environment, .files, .threads])
  /// @Suite(.sentinel(strict)) struct ImportTests { ... }
  /// ```
  ///
  /// - Parameters:
  ///   - sentinel: What to check and allow.
  ///   - sourceLocation: Where the trait is added; captured automatically.
  public static func sentinel(
    _ sentinel: Sentinel, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    Self(fixtures: [], sourceLocation: sourceLocation, sentinel: sentinel)
  }
}

extension ScopeTarget {
  /// The sentinel a test asks for: its own `.sentinel(...)` trait's, or else its suite's, or
  /// else the run's (`CLEANSLATE_SENTINEL`).
  static func sentinel(of test: Test) -> Sentinel? {
    innermost(\.sentinel, of: test) ?? Sentinel.runWide
  }
}
