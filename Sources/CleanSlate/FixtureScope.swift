/// How long a fixture's value lives, and with whom it is shared.
///
/// Scopes nest: a test runs inside its suite, and every suite inside the process. A fixture's
/// value is created once per instance of its scope and shared by everything inside it.
/// A fixture may depend only on fixtures of the same or a wider scope.
public enum FixtureScope: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible
{
  /// One test, or one argument case of a parameterized test.
  case test
  /// One `XCTestCase` class, or one Swift Testing suite.
  case suite
  /// The whole test process.
  case process

  /// Orders scopes from narrowest (`test`) to widest (`process`).
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The scope's name: `test`, `suite` or `process`.
  public var description: String {
    switch self {
    case .test: "test"
    case .suite: "suite"
    case .process: "process"
    }
  }
}
