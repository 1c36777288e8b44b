import CleanSlate
import CleanSlateTestSupport
import Testing

@testable import CleanSlateTesting

/// Drives `CleanSlateTrait` without the test runner: the trait's scopes open under a private
/// root scope whose events are recorded, and the issues the trait records are collected instead
/// of failing the running test.
struct TraitDriver {
  let events = EventRecorder()
  let root: ScopeRuntime

  init() {
    root = ScopeRuntime(.process, name: "process", parent: nil, observer: .some(events))
  }

  /// Runs `body` under the private root and returns every issue recorded meanwhile.
  func run(_ body: @Sendable () async throws -> Void) async throws -> [Issue] {
    let issues = Locked<[Issue]>([])
    let collector = IssueHandlingTrait.compactMapIssues { issue in
      issues.withLock { $0.append(issue) }
      return nil
    }
    try await collector.provideScope(for: Test.current!, testCase: Test.Case.current) {
      try await root.withCurrent { try await body() }
    }
    return issues.value
  }
}

extension ScopeTarget {
  /// A suite target.
  static func suite(_ name: String) -> Self { Self(.suite, name: name) }
  /// A test target.
  static func test(_ name: String) -> Self { Self(.test, name: name) }
}

extension Issue {
  /// The CleanSlate failure this issue records, if any.
  var cleanSlateError: CleanSlateError? { error as? CleanSlateError }
}
