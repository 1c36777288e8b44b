public import Foundation

/// A `UserDefaults` suite that belongs to one test.
///
/// `UserDefaults` itself is not `Sendable` on every platform, so the fixture hands out the suite's
/// name; ``defaults`` opens it (every instance with the same name shares the same values).
public struct UserDefaultsSuite: Sendable, Hashable {
  /// The suite's name, unique to the test.
  public let name: String

  /// The suite's defaults.
  public var defaults: UserDefaults {
    guard let defaults = UserDefaults(suiteName: name) else {
      preconditionFailure("UserDefaults refused the suite name '\(name)'.")
    }
    return defaults
  }
}
