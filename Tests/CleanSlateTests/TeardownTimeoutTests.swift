import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Teardown timeouts": a teardown that outlives its limit is reported and abandoned; the
/// rest still run.
@Suite struct TeardownTimeoutTests {
  @Test func aHangingAsyncTeardownIsAbandonedAndTheOthersRun() async throws {
    // Given a hanging teardown between two quick ones, with a short limit
    let journal = Journal()
    let fixture = Fixture("stuck", teardownTimeout: .milliseconds(100)) { context in
      context.addTeardown { journal.record("first registered") }
      context.addTeardown {
        journal.record("hanging")
        try await Task.sleep(for: .seconds(3600))
      }
      context.addTeardown { journal.record("last registered") }
    }
    let test = Scopes().test()
    try await test.use(fixture, at: CodeLocation())

    // When the scope ends
    let failures = await test.endCollectingFailures()

    // Then the hang is reported once, naming the fixture and the limit, and the others ran
    #expect(journal.all == ["last registered", "hanging", "first registered"])
    #expect(failures.map(\.code) == [.teardownTimedOut])
    #expect(
      failures.map(\.summary) == [
        "Teardown of fixture 'stuck' did not finish within 0.1 seconds and was abandoned."
      ])
  }

  @Test func aBlockedSynchronousTeardownIsAbandonedToo() async throws {
    // Given a synchronous teardown that blocks its thread past its limit
    let journal = Journal()
    let release = Locked(false)
    let fixture = Fixture("blocking") { context in
      context.addTeardown { journal.record("after") }
      context.addTeardown(timeout: .milliseconds(50)) {
        while !release.value { usleep(1000) }
      }
    }
    let test = Scopes().test()
    try await test.use(fixture, at: CodeLocation())

    // When the scope ends
    let failures = await test.endCollectingFailures()
    release.withLock { $0 = true }

    // Then it is reported, and the teardown registered before it still ran
    #expect(failures.map(\.code) == [.teardownTimedOut])
    #expect(journal.all == ["after"])
  }

  @Test func theDefaultLimitComesFromCleanSlateDefaults() {
    // Given nothing configured (CLEANSLATE_TEARDOWN_TIMEOUT unset in the test environment)
    // Then the default limit is ten seconds
    if ProcessEnvironment.value(of: "CLEANSLATE_TEARDOWN_TIMEOUT") == nil {
      #expect(CleanSlateDefaults.teardownTimeout == .seconds(10))
    }
  }
}
