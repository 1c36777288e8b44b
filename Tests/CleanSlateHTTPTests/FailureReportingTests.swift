#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport
  import Testing

  /// Every failure path of the fake server through Swift Testing's `.cleanSlate` trait: unmet and
  /// over-met expectations, unmatched requests with their closest routes, a throwing handler, and
  /// tests that fail or throw. `XCTestFailureReportingTests` runs the same scenarios through
  /// `FixtureTestCase` and expects the same.
  @Suite struct FailureReportingTests {
    @Test(arguments: FailureScenarios.all)
    func reportsEachFailureOnceAtItsLineAndStopsTheServer(_ scenario: FailureScenario) async throws
    {
      // Given a scenario's body, run as a test with the trait
      let marks = Marks { Issue.record(Comment(rawValue: $0)) }

      // When it runs
      let run = try await TraitRun.run("HTTPTests/\(scenario.name)()") {
        try await scenario.body(marks)
      }

      // Then each expected failure is one issue, at its line, with its message
      let failures = run.issues.filter { $0.cleanSlateError != nil }
      try #require(failures.count == scenario.expected.count, "\(run.issues)")
      for (issue, expected) in zip(failures, scenario.expected) {
        let failure = try #require(issue.cleanSlateError)
        #expect(failure.code == expected.code)
        #expect(issue.sourceLocation?.line == scenario.line(of: expected.place, marks: marks))
        for excerpt in expected.excerpts {
          #expect(failure.description.contains(excerpt), "\(failure)")
        }
      }
      // and the body's own failure is its own
      let ownFailures = run.issues.count - failures.count + (run.thrown == nil ? 0 : 1)
      #expect(
        ownFailures == (scenario.failsItself ? 1 : 0),
        "\(run.issues) \(String(describing: run.thrown))")
      // and the server is gone, whatever the outcome
      let port = try #require(marks.port.value)
      #expect(await RawConnection.isRefused(port: port))
    }
  }
#endif
