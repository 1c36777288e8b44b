package import CleanSlate
import CleanSlateTesting
package import Testing

/// An issue recorded while ``collectingIssues(_:)`` ran, with the CleanSlate failure behind it
/// when it is one of CleanSlate's own.
@dynamicMemberLookup
package struct RecordedIssue: Sendable {
  /// The issue, as Swift Testing recorded it.
  package let issue: Issue
  /// The failure CleanSlate recorded as this issue, if it did.
  package let cleanSlateError: CleanSlateError?

  package subscript<Value>(dynamicMember keyPath: KeyPath<Issue, Value>) -> Value {
    issue[keyPath: keyPath]
  }

  /// The issue's text: the whole message of a CleanSlate failure.
  package var text: String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
  }
}

/// Runs `body` and returns the issues it recorded, which are kept from failing the running
/// test, each paired with the CleanSlate failure behind it. The tests `body` drives through the
/// trait see their issues observed, as around a test function's cases.
package func collectingIssues(
  _ body: @Sendable () async throws -> Void
) async throws -> [RecordedIssue] {
  let pending = Locked<[String: [CleanSlateError]]>([:])
  let recorded = Locked<[RecordedIssue]>([])
  let collector = IssueHandlingTrait.compactMapIssues { issue in
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    let failure = pending.withLock { pending -> CleanSlateError? in
      guard var waiting = pending[text], !waiting.isEmpty else { return nil }
      defer { pending[text] = waiting }
      return waiting.removeFirst()
    }
    recorded.withLock { $0.append(RecordedIssue(issue: issue, cleanSlateError: failure)) }
    return nil
  }
  try await OwnIssue.$observer.withValue({ failure in
    pending.withLock { $0[failure.description, default: []].append(failure) }
  }) {
    try await collector.provideScope(for: Test.current!, testCase: Test.Case.current) {
      try await FailureTracking.observing(Test.current!, again: true) { try await body() }
    }
  }
  return recorded.value
}
