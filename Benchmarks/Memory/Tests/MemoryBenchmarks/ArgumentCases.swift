import CleanSlateTesting
import Foundation
import Testing

// N argument cases of one test, N from CLEANSLATE_BENCH_CASES (0 unless set, so that a plain
// `swift test` of this package runs nothing), eight ways: plain Swift Testing; a scoping trait
// that does nothing but run the test (what any such trait costs); one that runs it in an
// immediate child task (what that child costs); the `.cleanSlate` trait alone on a synchronous
// and on an asynchronous test; a plain async test that makes the same 64 KB object itself; and
// the trait with one test fixture that returns a 64 KB object and registers a teardown. Run one
// way at a time with `--filter`.

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

/// A scoping trait that only runs the test: the cost of any trait that provides a scope.
struct NoOpScope: TestTrait, SuiteTrait, TestScoping {
  var isRecursive: Bool { true }
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await function()
  }
}

/// A scoping trait that runs the test in an immediate child task, as `.cleanSlate` runs a test's
/// scope, and does nothing else: what that child task costs by itself.
struct ChildTaskScope: TestTrait, SuiteTrait, TestScoping {
  var isRecursive: Bool { true }
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
      return try await function()
    }
    try await withoutActuallyEscaping(function) { function in
      try await withThrowingDiscardingTaskGroup { group in
        group.addImmediateTask { try await function() }
      }
    }
  }
}

@Suite(ChildTaskScope()) struct ChildTaskTraitCases {
  @Test(arguments: 0..<caseCount) func childTaskTrait(_ index: Int) {
    #expect(index >= 0)
  }
}

@Suite(NoOpScope()) struct NoOpTraitCases {
  @Test(arguments: 0..<caseCount) func noOpTrait(_ index: Int) {
    #expect(index >= 0)
  }
}

@Suite(.cleanSlate) struct TraitCases {
  @Test(arguments: 0..<caseCount) func traitOnly(_ index: Int) {
    #expect(index >= 0)
  }
}

@Suite struct PlainAsyncCases {
  @Test(arguments: 0..<caseCount) func plainAsync(_ index: Int) async throws {
    let payload = await Payload.make()
    #expect(payload.bytes.count == 64 * 1024)
  }
}

extension Payload {
  /// Makes a payload in an async function, as a fixture's setup does.
  static func make() async -> Payload { Payload() }
}

@Suite(.cleanSlate) struct FixtureCases {
  @Test(arguments: 0..<caseCount) func traitAndFixture(_ index: Int) async throws {
    let payload = try await use(.payload)
    #expect(payload.bytes.count == 64 * 1024)
  }
}

/// The trait alone on an async test (``TraitCases`` has a synchronous one).
@Suite(.cleanSlate) struct TraitAsyncCases {
  @Test(arguments: 0..<caseCount) func traitAsync(_ index: Int) async {
    #expect(index >= 0)
  }
}
