package import CleanSlate

/// How long tests took in earlier runs, by name, as the timings files gave them.
///
/// Names are kept as the files wrote them and looked up as `swift test list` prints them: a
/// JUnit or XUnit file names a test by its class and name (`Module.Class` and `testMethod`,
/// `Module.Outer.Inner` and `test()`), a lifecycle trace by its name without its module
/// (`Class.testMethod`, `Outer/Inner/test()`). Both are compared with every `/` read as `.`.
package struct TestTimings: Sendable, Equatable {
  /// Microseconds by name, each name with its `/` replaced by `.`.
  private var byName: [String: Int64] = [:]

  /// No timings.
  package init() {}

  /// The timings of `durations`, in microseconds by name.
  package init(_ durations: [String: Int64]) {
    for (name, micros) in durations { record(micros, for: name) }
  }

  /// Whether no test has a duration.
  package var isEmpty: Bool { byName.isEmpty }

  /// Sets the duration of `name`, replacing what an earlier file said.
  package mutating func record(_ micros: Int64, for name: String) {
    byName[TestName.resultKey(name)] = max(0, micros)
  }

  /// Sets every duration `other` has, replacing those of the same tests.
  package mutating func merge(_ other: TestTimings) {
    byName.merge(other.byName) { $1 }
  }

  /// The duration of the listed test `name` (`Module.Class/testMethod`), in microseconds: by
  /// its full name, else by its name without the module (a trace's); `nil` if unknown.
  package func micros(of test: TestName) -> Int64? {
    let full = test.resultKey
    if let micros = byName[full] { return micros }
    guard let dot = full.firstIndex(of: ".") else { return nil }
    return byName[String(full[full.index(after: dot)...])]
  }
}
