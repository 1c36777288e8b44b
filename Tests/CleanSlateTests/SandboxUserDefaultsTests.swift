import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// Rule "Process-global state": a fresh UserDefaults suite per test, and an opt-in clean
/// standard domain.
@Suite struct SandboxUserDefaultsTests {
  @Test func eachTestGetsAnEmptySuiteDeletedAtTheEnd() async throws {
    // Given two tests, each with its own suite
    let first = Scopes().test()
    let second = Scopes().test()
    let a = try await first.use(.userDefaults, at: CodeLocation())
    let b = try await second.use(.userDefaults, at: CodeLocation())

    // When the first writes to its suite
    a.defaults.set("value", forKey: "key")

    // Then the second does not see it, and the value is gone once the first test ended
    #expect(a != b)
    #expect(a.defaults.string(forKey: "key") == "value")
    #expect(b.defaults.string(forKey: "key") == nil)
    await first.end()
    await second.end()
    #expect(a.defaults.string(forKey: "key") == nil)
  }

  @Test func theStandardDomainIsEmptiedThenRestored() async throws {
    // Given a value in the standard domain
    let key = "cleanslate.probe.\(UUID().uuidString.prefix(8))"
    let added = key + ".added"
    let test = Scopes().test()
    let restored = Observed<[String?]>()
    try await test.observeAfterRestore {
      restored.set([
        UserDefaults.standard.string(forKey: key), UserDefaults.standard.string(forKey: added),
      ])
    }
    UserDefaults.standard.set("before", forKey: key)
    defer { UserDefaults.standard.removeObject(forKey: key) }

    // When a test cleans it and then writes a value of its own
    try await test.use(.cleanStandardUserDefaults, at: CodeLocation())
    #expect(UserDefaults.standard.string(forKey: key) == nil)
    UserDefaults.standard.set("during", forKey: added)
    test.markFailed()
    await test.end()

    // Then the earlier value is back and the test's own is gone, though the test failed
    #expect(restored.value == ["before", nil])
  }
}
