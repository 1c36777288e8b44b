/// A named piece of test state with a scope, an async setup and guaranteed teardown.
///
/// Declare fixtures once, as static members, and use them from XCTest and Swift Testing alike:
///
/// ```swift
/// extension Fixture where Value == URL {
///   /// A fresh directory for one test, removed when the test ends.
///   static let scratch = Fixture("scratch") { context in
///     let url = try makeUniqueDirectory()
///     context.addTeardown { try FileManager.default.removeItem(at: url) }
///     return url
///   }
/// }
///
/// extension Fixture where Value == Store {
///   static let store = Fixture("store") { context in
///     try Store(directory: await context.use(.scratch))
///   }
/// }
/// ```
///
/// A fixture's value is created on first use inside its scope and cached there, so every use in
/// the same scope returns the same value. Teardowns registered through the ``FixtureContext``
/// run when the scope ends, last in, first out. A fixture is identified by the instance, not by
/// its name: declare each one once (a `static let`), not in a computed property.
public struct Fixture<Value: Sendable>: Sendable {
  /// The name shown in failures and in the lifecycle trace.
  public let name: String
  /// How long the value lives and with whom it is shared.
  public let scope: FixtureScope
  /// How long each of this fixture's teardowns may run before it is reported and abandoned;
  /// `nil` uses ``CleanSlateDefaults/teardownTimeout``.
  public let teardownTimeout: Duration?
  /// Where the fixture was declared.
  public let location: CodeLocation

  let key: FixtureKey
  let setup: @Sendable (FixtureContext) async throws -> Value

  /// Creates a fixture.
  ///
  /// - Parameters:
  ///   - name: The name shown in failures and in the lifecycle trace.
  ///   - scope: How long the value lives; `.test` by default.
  ///   - teardownTimeout: The limit for each teardown this fixture registers; `nil` uses
  ///     ``CleanSlateDefaults/teardownTimeout``.
  ///   - setup: Creates the value. Ask for other fixtures with the context's `use(_:)` and
  ///     register cleanup with its `addTeardown(_:)` right after creating what it undoes.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public init(
    _ name: String,
    scope: FixtureScope = .test,
    teardownTimeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    setup: @escaping @Sendable (FixtureContext) async throws -> Value
  ) {
    self.name = name
    self.scope = scope
    self.teardownTimeout = teardownTimeout
    self.location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.key = FixtureKey()
    self.setup = setup
  }
}

extension Fixture: CustomStringConvertible {
  /// The fixture's name and scope, as `store (test)`.
  public var description: String { "\(name) (\(scope))" }
}

/// The identity of one fixture declaration.
final class FixtureKey: Sendable, Hashable {
  static func == (lhs: FixtureKey, rhs: FixtureKey) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
