import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Fixture where Value == Void {
  /// Sets and unsets environment variables for one test, and restores them exactly afterwards.
  ///
  /// ```swift
  /// try await use(.environment(["API_URL": "http://localhost:8080", "DEBUG": nil]))
  /// ```
  ///
  /// A value sets the variable; `nil` unsets it. When the test ends, each variable gets back the
  /// value it had — and one that did not exist is unset again. Tests that change process state
  /// wait for each other (Swift Testing runs tests in parallel): while one holds it, no other
  /// test using a CleanSlate process-state fixture runs its setup, so a test reading a variable
  /// it set sees its own value.
  ///
  /// Each call makes a new fixture, so using two of them in one test applies both, in order,
  /// and undoes them in reverse order: the later one wins, and the variable ends up as it was
  /// before the first. (A cache keyed by the overrides would turn a repeated use into a no-op
  /// and leave a variable overridden by one in between.)
  ///
  /// - Parameters:
  ///   - overrides: The variables to set (a value) or unset (`nil`).
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public static func environment(
    _ overrides: [String: String?],
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Fixture<Void> {
    let names = overrides.keys.sorted()
    return Fixture(
      "environment(\(names.joined(separator: ", ")))",
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { context in
      try await context.use(.processStateLock)
      try EnvironmentOverride(overrides).apply(undoingIn: context)
    }
  }
}

/// A set of environment changes, and how to undo them.
struct EnvironmentOverride {
  let changes: [(name: String, value: String?)]

  init(_ overrides: [String: String?]) {
    changes = overrides.keys.sorted().map { ($0, overrides[$0] ?? nil) }
  }

  /// Applies the changes and registers, in `context`, the teardown that restores the previous
  /// values. On a failure, what was already changed is restored before throwing.
  func apply(undoingIn context: FixtureContext) throws {
    for (name, _) in changes where name.isEmpty || name.contains("=") {
      throw EnvironmentError(name: name, reason: "a variable name must not be empty or contain '='")
    }
    let previous = changes.map { ($0.name, ProcessEnvironment.value(of: $0.name)) }
    var applied: [(String, String?)] = []
    do {
      for (name, value) in changes {
        try Self.set(name, to: value)
        applied.append(previous[applied.count])
      }
    } catch {
      try? Self.restore(applied)
      throw error
    }
    context.addTeardown { try Self.restore(previous) }
  }

  /// Gives each variable back its value (unsetting the ones that had none), last change first.
  static func restore(_ previous: [(String, String?)]) throws {
    var firstError: (any Error)?
    for (name, value) in previous.reversed() {
      do { try set(name, to: value) } catch { firstError = firstError ?? error }
    }
    if let firstError { throw firstError }
  }

  static func set(_ name: String, to value: String?) throws {
    let result = value.map { setenv(name, $0, 1) } ?? unsetenv(name)
    guard result == 0 else {
      throw EnvironmentError(name: name, reason: String(cString: strerror(errno)))
    }
  }
}

/// An environment variable that could not be set, unset or restored.
struct EnvironmentError: Error, CustomStringConvertible {
  var name: String
  var reason: String
  var description: String { "Could not change the environment variable '\(name)': \(reason)." }
}
