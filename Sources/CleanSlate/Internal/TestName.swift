/// A test's name, as `swift test list` prints it — `Module.Suite/test()` (Swift Testing),
/// `Module.Class/testMethod` (XCTest) — and every other way the tools around a test spell it:
/// the exact `swift test --filter` that selects it, XCTest's printed names, its name in a
/// lifecycle trace, its `classname` and `name` in an XUnit file, and the functions of a crashed
/// thread's frames.
///
/// Everything that reads what a run said about a test asks its name here, so that one test is
/// one value, whatever spelled it.
package struct TestName: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The name as `swift test list` prints it.
  package let listed: String
  /// What its listed name and its name in a lifecycle trace have in common (`Type.test`),
  /// worked out once: traces are matched on it over and over.
  package let traceKey: String

  /// The test `swift test list` prints as `listed`.
  package init(_ listed: String) {
    self.listed = listed
    traceKey = Self.slashesAsDots(Self.withoutModule(listed[...]))
  }

  package static func == (lhs: TestName, rhs: TestName) -> Bool { lhs.listed == rhs.listed }

  package func hash(into hasher: inout Hasher) { hasher.combine(listed) }

  package init(stringLiteral value: String) {
    self.init(value)
  }

  package var description: String { listed }

  package static func < (lhs: TestName, rhs: TestName) -> Bool { lhs.listed < rhs.listed }

  // MARK: - Frameworks

  /// Whether it is a Swift Testing test (`Module.Suite/test()`), not an XCTest one
  /// (`Module.Class/testMethod`).
  package var isSwiftTesting: Bool { listed.hasSuffix(")") }

  /// `Module.Suite` of `Module.Suite/test()`, `Module.Outer/Inner` of
  /// `Module.Outer/Inner/test()`, `Module` of a test declared outside any suite
  /// (`Module.test()`): what holds it.
  package var suite: String {
    if let slash = Self.slashes(in: listed[...]).last { return String(listed[..<slash]) }
    return String(Self.module(of: listed[...]))
  }

  /// `test()` of `Module.Suite/test()` and of `Module.test()`, `testMethod` of
  /// `Module.Class/testMethod`.
  package var function: String {
    if let slash = Self.slashes(in: listed[...]).last {
      return String(listed[listed.index(after: slash)...])
    }
    return String(Self.withoutModule(listed[...]))
  }

  // MARK: - Reading a name

  /// The module of a listed name: what comes before its first `.` (a module's name has none).
  private static func module(of name: Substring) -> Substring {
    name.firstIndex(of: ".").map { name[..<$0] } ?? name
  }

  /// A listed name without its module: `Suite/test()`, `test()`, `Class/testMethod`.
  private static func withoutModule(_ name: Substring) -> Substring {
    name.firstIndex(of: ".").map { name[name.index(after: $0)...] } ?? name
  }

  /// The indices of the `/`s that separate a name's parts: those outside backticks, since a raw
  /// identifier (`` `a/b`() ``) may hold one.
  private static func slashes(in name: Substring) -> [String.Index] {
    var found: [String.Index] = []
    var quoted = false
    for index in name.indices {
      switch name[index] {
      case "`": quoted.toggle()
      case "/" where !quoted: found.append(index)
      default: break
      }
    }
    return found
  }

  /// The parts of a name between its slashes (``slashes(in:)``).
  private static func parts(of name: Substring) -> [Substring] {
    var parts: [Substring] = []
    var start = name.startIndex
    for slash in slashes(in: name) {
      parts.append(name[start..<slash])
      start = name.index(after: slash)
    }
    parts.append(name[start...])
    return parts
  }

  // MARK: - Filters

  /// The `swift test --filter` pattern that selects exactly this test.
  package var filter: String { Self.filter(matching: [self]) }

  /// A pattern that matches exactly `tests`: `^(A|B)$`, each name escaped. Swift Testing
  /// matches it against a test's identifier, which ends with the test's source location
  /// (`Module.Suite/test()/Suite.swift:12:4`): its names may be followed by one.
  package static func filter(matching tests: [TestName]) -> String {
    let patterns = tests.map { test in
      test.isSwiftTesting ? escaped(test.listed) + "(/.*)?" : escaped(test.listed)
    }
    return "^(" + patterns.joined(separator: "|") + ")$"
  }

  private static func escaped(_ name: String) -> String {
    var result = ""
    for character in name {
      if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  // MARK: - XCTest's lines

  /// How XCTest prints it: `Class.test` (Linux) and `-[Module.Class test]` (Apple platforms);
  /// none for a Swift Testing test's name.
  package var xctestNames: [String] {
    guard !isSwiftTesting, let slash = Self.slashes(in: listed[...]).last,
      let dot = listed[..<slash].firstIndex(of: ".")
    else { return [] }
    let method = listed[listed.index(after: slash)...]
    let typeName = listed[listed.index(after: dot)..<slash]
    return ["\(typeName).\(method)", "-[\(listed[..<slash]) \(method)]"]
  }

  /// Whether a framework's own name of a test — XCTest's `Class.test` or `-[Module.Class test]`,
  /// Swift Testing's `Module.Suite/test()` — is this test.
  package func isNamed(_ printed: String) -> Bool {
    printed == listed || xctestNames.contains(printed)
  }

  // MARK: - Traces and result files

  /// The key of a test's name in a lifecycle trace (`Type.test` in XCTest, `Type/test()` or
  /// `test()` in Swift Testing), which a listed name's ``traceKey`` equals: `Type.test`.
  package static func traceKey(_ traced: String) -> String { slashesAsDots(traced[...]) }

  /// Its name with every `/` between its parts read as `.`: how an XUnit file's `classname/name`
  /// (`Module.Outer.Inner/test()`) and a listed name (`Module.Outer/Inner/test()`) compare.
  package var resultKey: String { Self.resultKey(listed) }

  /// The ``resultKey`` of a name as a results file writes it.
  package static func resultKey(_ name: String) -> String { slashesAsDots(name[...]) }

  private static func slashesAsDots(_ name: Substring) -> String {
    parts(of: name).joined(separator: ".")
  }

  /// The name of the test function a Swift Testing test ID names (`Module.Suite/test()` of
  /// `Module.Suite/test()/File.swift:4:4`); `nil` for a suite's ID.
  package init?(swiftTestingID id: String) {
    guard let slash = id.lastIndex(of: "/") else { return nil }
    let parts = id[id.index(after: slash)...].split(separator: ":")
    guard parts.count >= 3, parts[0].hasSuffix(".swift"),
      parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    else { return nil }
    self.init(String(id[..<slash]))
  }

  // MARK: - Stack frames

  /// How a frame of a crashed or hung thread names its function: `Class.testX()` and
  /// `Module.Class.testX()` for `Module.Class/testX`, `Suite.Inner.test(x:)` and
  /// `Module.Suite.Inner.test(x:)` for `Module.Suite/Inner/test(x:)`, `test()` and
  /// `Module.test()` for `Module.test()`.
  package var functionNames: [String] {
    let path = Self.parts(of: listed[...]).map(String.init)
    guard let first = path.first else { return [] }
    guard path.count > 1 else {
      // A Swift Testing test outside any suite: `Module.test()`.
      guard let dot = first.firstIndex(of: "."), first.hasSuffix(")") else { return [first] }
      return [String(first[first.index(after: dot)...]), first]
    }
    var function = path[path.count - 1]
    if !function.hasSuffix(")") { function += "()" }  // an XCTest method
    let qualified = (path.dropLast() + [function]).joined(separator: ".")
    guard let dot = first.firstIndex(of: ".") else { return [qualified] }
    let module = first[..<dot]
    return [String(qualified.dropFirst(module.count + 1)), qualified]
  }
}
