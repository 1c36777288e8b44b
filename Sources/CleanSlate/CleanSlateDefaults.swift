import Foundation

/// Process-wide defaults for every fixture that does not set its own.
///
/// ```swift
/// CleanSlateDefaults.teardownTimeout = .seconds(30)
/// ```
///
/// The environment variable `CLEANSLATE_TEARDOWN_TIMEOUT` (in seconds, `2.5` for example)
/// sets the starting value, so a slow CI machine can be given more time without a code change.
public enum CleanSlateDefaults {
  private static let storage = Locked(Settings.fromEnvironment())

  /// How long a teardown may run before it is reported and abandoned: 10 seconds unless
  /// `CLEANSLATE_TEARDOWN_TIMEOUT` or this property says otherwise.
  public static var teardownTimeout: Duration {
    get { storage.withLock { $0.teardownTimeout } }
    set { storage.withLock { $0.teardownTimeout = newValue } }
  }

  private struct Settings: Sendable {
    var teardownTimeout: Duration = .seconds(10)

    static func fromEnvironment() -> Settings {
      var settings = Settings()
      if let raw = ProcessInfo.processInfo.environment["CLEANSLATE_TEARDOWN_TIMEOUT"],
        let seconds = Double(raw), seconds > 0, seconds.isFinite
      {
        settings.teardownTimeout = .milliseconds(Int64(seconds * 1000))
      }
      return settings
    }
  }
}
