/// What tells one test apart from every other test of a package, the same in every run: its name
/// with its module's and, for one argument case of a parameterized test, that case's arguments.
///
/// A fixture that derives something from its test — a seed, a database name — reads it from
/// ``FixtureContext/testIdentity``:
///
/// ```swift
/// static let account = Fixture("account") { context in
///   let owner = context.testIdentity?.description ?? context.scopeName
///   return try await Account.create(owner: owner)
/// }
/// ```
///
/// ``Fixture/seededRandom`` derives each test's seed from it, so that a test draws the same
/// numbers whichever tests run before it.
public struct TestIdentity: Sendable, Hashable, CustomStringConvertible {
  /// The test's name, after its module's, as `swift test list` prints it:
  /// `StoreTests.StoreTests/saves()` in Swift Testing, `StoreTests.StoreXCTests/testSaves` in
  /// XCTest.
  public var name: String
  /// The arguments of one case of a parameterized Swift Testing test, as Swift Testing prints
  /// them (`size → 3, unit → "kg"`); `nil` for a test without arguments.
  public var argumentCase: String?

  /// Creates an identity.
  public init(name: String, argumentCase: String? = nil) {
    self.name = name
    self.argumentCase = argumentCase
  }

  /// The name, then the argument case in parentheses when there is one:
  /// `StoreTests.StoreTests/saves(size:) (size → 3)`.
  public var description: String {
    argumentCase.map { "\(name) (\($0))" } ?? name
  }

  /// A `swift test --filter` pattern that selects this test and no other (every argument case of
  /// a parameterized test: `swift test` cannot select one case).
  package var filter: String { TestName(name).filter }
}
