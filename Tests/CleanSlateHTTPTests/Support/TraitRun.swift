#if HTTP
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Testing

  /// One test run through the `.cleanSlate` trait, outside the running test: its scope opens
  /// under a private process scope, and the issues it records are collected instead of failing
  /// the running test.
  struct TraitRun: Sendable {
    /// The issues the test recorded, in order.
    var issues: [RecordedIssue] = []
    /// The error its body threw, which Swift Testing would record as the test's failure.
    var thrown: (any Error)?

    /// Runs `body` as the test `name`.
    static func run(
      _ name: String = "HTTPTests/test()", _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> TraitRun {
      let root = ScopeRuntime(
        .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)
      let thrown = Locked<(any Error)?>(nil)
      let issues = try await collectingIssues {
        do {
          try await root.withCurrent {
            try await CleanSlateTrait.cleanSlate.provideScope(for: ScopeTarget(.test, name: name)) {
              try await body()
            }
          }
        } catch {
          thrown.withLock { $0 = error }
        }
        await root.end()
      }
      return TraitRun(issues: issues, thrown: thrown.value)
    }

    /// The CleanSlate failures among the issues.
    var failures: [CleanSlateError] { issues.compactMap(\.cleanSlateError) }
  }
#endif
