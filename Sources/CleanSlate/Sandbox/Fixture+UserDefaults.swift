import Foundation

extension Fixture where Value == UserDefaultsSuite {
  /// A fresh, empty `UserDefaults` suite for one test, deleted when the test ends.
  ///
  /// ```swift
  /// let defaults = try await use(.userDefaults).defaults
  /// let settings = Settings(defaults: defaults)   // inject it into the code under test
  /// ```
  ///
  /// The suite is private to the test, so tests using it run in parallel.
  public static var userDefaults: Fixture<UserDefaultsSuite> { userDefaultsFixture }
}

extension Fixture where Value == Void {
  /// Empties the application's standard `UserDefaults` domain for one test, and restores every
  /// value it held when the test ends (removing the keys the test added).
  ///
  /// ```swift
  /// try await use(.cleanStandardUserDefaults)
  /// #expect(UserDefaults.standard.string(forKey: "token") == nil)
  /// ```
  ///
  /// Opt-in, for code that insists on `UserDefaults.standard`; prefer injecting
  /// ``userDefaults``. It changes process-global state, so tests using it wait for each other.
  /// Only the application's own domain is cleaned: values registered with
  /// `register(defaults:)`, passed as launch arguments or set in the global domain still show.
  public static var cleanStandardUserDefaults: Fixture<Void> { cleanStandardUserDefaultsFixture }
}

private let suiteCounter = Locked(0)

private let userDefaultsFixture = Fixture<UserDefaultsSuite>("userDefaults") { context in
  let number = suiteCounter.withLock { count in
    count += 1
    return count
  }
  let suite = UserDefaultsSuite(name: "cleanslate.\(ProcessIdentity.current).\(number)")
  context.addTeardown { UserDefaults.standard.removePersistentDomain(forName: suite.name) }
  return suite
}

private let cleanStandardUserDefaultsFixture = Fixture<Void>("cleanStandardUserDefaults") {
  context in
  try await context.use(.processStateLock)
  let defaults = StandardDefaultsDomain()
  let saved = defaults.values
  defaults.replace(with: PropertyListSnapshot())
  context.addTeardown { defaults.replace(with: saved) }
}

/// The application's own domain in `UserDefaults.standard`.
private struct StandardDefaultsDomain: Sendable {
  let name = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName

  /// The values persisted in the domain now.
  var values: PropertyListSnapshot {
    UserDefaults.standard.synchronize()
    return PropertyListSnapshot(
      values: UserDefaults.standard.persistentDomain(forName: name) ?? [:])
  }

  /// Removes every key of the domain, then sets `snapshot`'s values, through
  /// `UserDefaults.standard` so that its in-memory cache agrees.
  func replace(with snapshot: PropertyListSnapshot) {
    let standard = UserDefaults.standard
    for key in values.values.keys { standard.removeObject(forKey: key) }
    for (key, value) in snapshot.values { standard.set(value, forKey: key) }
    standard.synchronize()
  }
}

/// Property-list values read from a defaults domain: immutable once read, so safe to share.
private struct PropertyListSnapshot: @unchecked Sendable {
  var values: [String: Any] = [:]
}
