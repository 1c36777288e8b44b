#if HTTP
  import CleanSlate
  import CleanSlateTesting
  import Testing

  /// One test run through the `.cleanSlate` trait, outside the running test: its scope opens
  /// under a private process scope, and the issues it records are collected instead of failing
  /// the running test.
  struct TraitRun: Sendable {
    /// The issues the test recorded, in order.
    var issues: [Issue] = []
    /// The error its body threw, which Swift Testing would record as the test's failure.
    var thrown: (any Error)?

    /// Runs `body` as the test `name`.
    static func run(
      _ name: String = "HTTPTests/test()", _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> TraitRun {
      let root = ScopeRuntime(.process, name: "process", parent: nil, observer: .some(nil))
      let run = Locked(TraitRun())
      let collector = IssueHandlingTrait.compactMapIssues { issue in
        run.withLock { $0.issues.append(issue) }
        return nil
      }
      try await collector.provideScope(for: Test.current!, testCase: Test.Case.current) {
        do {
          try await root.withCurrent {
            try await CleanSlateTrait.cleanSlate.provideScope(for: ScopeTarget(.test, name: name)) {
              try await body()
            }
          }
        } catch {
          run.withLock { $0.thrown = error }
        }
        for failure in await root.end() { Issue.record(failure) }
      }
      return run.withLock { $0 }
    }

    /// The CleanSlate failures among the issues.
    var failures: [CleanSlateError] { issues.compactMap { $0.error as? CleanSlateError } }
  }
#endif
