import CleanSlate
import CleanSlateTestProcess

/// What crashes of a test process have in common: the frames of the code under test that the
/// crashed thread went through in each of them.
///
/// Two crashes in different tests whose crashed threads share frames of the code the tests call
/// — not the tests' own functions, not the test frameworks', not the Swift runtime's or the
/// system's libraries — point at that code: `configure(_:)` → `routes(_:)` → `register(_:)`, which
/// two tests ran at the same time.
struct CrashPaths: Sendable, Equatable {
  /// The shared frames' functions, the outermost first (the way the calls went).
  var path: [String] = []
  /// How many crashes went through them.
  var crashCount = 0
  /// The tests the crashes happened in (as pinned, or running), in order.
  var tests: [TestName] = []

  /// Whether no two crashes share a frame of the code under test.
  var isEmpty: Bool { path.isEmpty }

  /// What `crashes` have in common; `tests` are every test that could have run (their frames
  /// are the tests', not the code under test's).
  static func shared(by crashes: [TestCrash], tests: [TestName]) -> CrashPaths {
    let functions = testFunctions(tests)
    let paths = crashes.compactMap { crash -> [String]? in
      guard let frames = crash.backtrace?.frames else { return nil }
      let own = frames.filter { isCodeUnderTest($0, testFunctions: functions) }.map(\.symbol)
      return own.isEmpty ? nil : own
    }
    guard paths.count >= 2 else { return CrashPaths() }
    // The frames of the first that every other crash went through too, the outermost first.
    let common = paths[0].filter { symbol in paths.dropFirst().allSatisfy { $0.contains(symbol) } }
    guard !common.isEmpty else { return CrashPaths() }
    // The tests the crashes are pinned on, and those running in every crash pinned on none.
    var names: [TestName] = []
    for crash in crashes where crash.backtrace != nil {
      if let test = crash.test, !names.contains(test) { names.append(test) }
    }
    let unpinned = crashes.filter { $0.backtrace != nil && $0.test == nil }.map(\.running)
    for test in unpinned.first ?? [] where unpinned.allSatisfy({ $0.contains(test) }) {
      if !names.contains(test) { names.append(test) }
    }
    var unique: [String] = []
    for symbol in common.reversed() where !unique.contains(symbol) { unique.append(symbol) }
    return CrashPaths(path: unique, crashCount: paths.count, tests: names)
  }

  /// How frames name the functions of `tests` (``TestName/functionNames``), once.
  static func testFunctions(_ tests: [TestName]) -> Set<String> {
    Set(tests.flatMap(\.functionNames))
  }

  /// Whether `frame` is the code under test's: meaningful, not a test's function (one of
  /// `testFunctions` standing as a word of its symbol), not the test frameworks', and not in a
  /// library of the system or the Swift runtime.
  static func isCodeUnderTest(_ frame: CrashBacktrace.Frame, testFunctions: Set<String>) -> Bool {
    guard frame.isMeaningful, !frame.isInTestFramework else { return false }
    let image = frame.image
    if image.hasPrefix("lib"), image.contains(".so") || image.hasSuffix(".dylib") { return false }
    if image.hasPrefix("ld-") || image == "libc.so.6" { return false }
    return !frame.symbol.split(separator: " ").contains { testFunctions.contains(String($0)) }
  }
}
