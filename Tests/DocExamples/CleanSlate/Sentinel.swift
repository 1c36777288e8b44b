// swift-format-ignore-file
import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Testing

/// The two ways to watch tests, side by side as the article shows them (the types of the same
/// name live in two scopes here).
struct WatchedInSwiftTesting {
  // Swift Testing: a suite (its tests and nested suites inherit it) or a single test.
  // `.sentinel(...)` opens CleanSlate scopes as `.cleanSlate` does.
  @Suite(.sentinel()) struct SettingsTests { @Test func savesSettings() {} }
  @Test(.sentinel(checking: [.environment, .files])) func exportsSettings() async throws {
    _ = try await use(.temporaryDirectory)
  }
}

// XCTest: the tests of a FixtureTestCase class, and its suite scope.
final class SettingsTests: FixtureTestCase {
  override class var sentinel: Sentinel? { Sentinel() }
}

@Suite(.sentinel(allowing: [.environment: ["APP_LOG_LEVEL"], .threads: ["NIO-SGLTN-*"]]))
struct AllowingTests {
  @Test func logs() {}
}
