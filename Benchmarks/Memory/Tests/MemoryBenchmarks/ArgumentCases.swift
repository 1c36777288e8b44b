import CleanSlateTesting
import Foundation
import Testing

// N argument cases of one test, N from CLEANSLATE_BENCH_CASES (0 unless set, so that a plain
// `swift test` of this package runs nothing), three ways: plain Swift Testing, the `.cleanSlate`
// trait alone, and the trait with one test fixture that returns a 64 KB object and registers a
// teardown. Run one way at a time with `--filter`.

/// How many cases each benchmark runs.
let caseCount = Int(ProcessInfo.processInfo.environment["CLEANSLATE_BENCH_CASES"] ?? "") ?? 0

/// An object under test that holds 64 KB.
final class Payload: Sendable {
  let bytes = [UInt8](repeating: 1, count: 64 * 1024)
}

extension Fixture where Value == Payload {
  /// A 64 KB object per test, with a teardown.
  static let payload = Fixture("payload") { context in
    let payload = Payload()
    context.addTeardown { precondition(payload.bytes.count == 64 * 1024) }
    return payload
  }
}

@Suite struct PlainCases {
  @Test(arguments: 0..<caseCount) func plain(_ index: Int) {
    #expect(index >= 0)
  }
}

@Suite(.cleanSlate) struct TraitCases {
  @Test(arguments: 0..<caseCount) func traitOnly(_ index: Int) {
    #expect(index >= 0)
  }
}

@Suite(.cleanSlate) struct FixtureCases {
  @Test(arguments: 0..<caseCount) func traitAndFixture(_ index: Int) async throws {
    let payload = try await use(.payload)
    #expect(payload.bytes.count == 64 * 1024)
  }
}
