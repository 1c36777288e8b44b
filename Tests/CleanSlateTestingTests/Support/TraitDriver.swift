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
    root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(events), sink: .collecting)
  }

  /// Runs `body` under the private root and returns every issue recorded meanwhile.
  func run(_ body: @Sendable () async throws -> Void) async throws -> [RecordedIssue] {
    try await collectingIssues { [root] in
      try await root.withCurrent { try await body() }
    }
  }
}

extension ScopeTarget {
  /// A suite target.
  static func suite(_ name: String) -> Self { Self(.suite, name: name) }
  /// A test target.
  static func test(_ name: String) -> Self { Self(.test, name: name) }
}
