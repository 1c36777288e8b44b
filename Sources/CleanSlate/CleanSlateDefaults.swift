import Foundation

/// Process-wide defaults for every fixture that does not set its own.
///
/// ```swift
/// CleanSlateDefaults.teardownTimeout = .seconds(30)
/// ```
///
/// The environment variables `CLEANSLATE_TEARDOWN_TIMEOUT` and `CLEANSLATE_TEST_TIMEOUT` (in
/// seconds, `2.5` for example) set the starting values, so a slow CI machine can be given more
/// time without a code change.
public enum CleanSlateDefaults {
  private static let storage = Locked(Settings.fromEnvironment())

  /// How long a teardown may run before it is reported and abandoned: 10 seconds unless
  /// `CLEANSLATE_TEARDOWN_TIMEOUT` or this property says otherwise.
  public static var teardownTimeout: Duration {
    get { storage.withLock { $0.teardownTimeout } }
    set { storage.withLock { $0.teardownTimeout = newValue } }
  }

  /// How long a test with a CleanSlate scope may run before it is reported as hung and its
  /// process ended, unless the test sets its own limit: no limit (`nil`) unless
  /// `CLEANSLATE_TEST_TIMEOUT` or this property says otherwise.
  ///
  /// A test that passes its limit prints what CleanSlate knows of it — its fixtures, the setup or
  /// teardown running, the work its ``WorkTracker`` still counts — and the test process ends, so
  /// that the run ends with the test's name instead of hanging. Set a test's own limit with the
  /// `.testTimeout(_:)` trait (Swift Testing) or `testTimeout` (`FixtureTestCase`). Under
  /// `cleanslate test --test-timeout`, the runner ends the test instead, with its threads'
  /// stacks.
  public static var testTimeout: Duration? {
    get { storage.withLock { $0.testTimeout } }
    set { storage.withLock { $0.testTimeout = newValue } }
  }

  private struct Settings: Sendable {
    var teardownTimeout: Duration = .seconds(10)
    var testTimeout: Duration?

    static func fromEnvironment() -> Settings {
      var settings = Settings()
      if let seconds = seconds(in: "CLEANSLATE_TEARDOWN_TIMEOUT") {
        settings.teardownTimeout = .milliseconds(Int64(seconds * 1000))
      }
      if let seconds = seconds(in: "CLEANSLATE_TEST_TIMEOUT") {
        settings.testTimeout = .milliseconds(Int64(seconds * 1000))
      }
      return settings
    }

    /// The number of seconds greater than 0 that the variable `name` holds; a warning on
    /// standard error, and `nil`, when it holds something else.
    private static func seconds(in name: String) -> Double? {
      guard let raw = ProcessInfo.processInfo.environment[name] else { return nil }
      guard let seconds = Double(raw.trimmingCharacters(in: .whitespaces)), seconds > 0,
        seconds.isFinite
      else {
        FileHandle.standardError.write(
          Data(
            "warning: \(name)='\(raw)' is not a number of seconds greater than 0 (as 2.5); CleanSlate ignores it.\n"
              .utf8))
        return nil
      }
      return seconds
    }
  }
}
