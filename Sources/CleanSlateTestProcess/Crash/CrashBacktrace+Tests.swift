package import CleanSlate

extension CrashBacktrace {
  /// The innermost frame of the crashed thread that names one of `tests` (as `swift test list`
  /// prints them), and that test; `nil` when no frame names one.
  ///
  /// A frame names a test when its function is the test's, or lies inside it: an XCTest test
  /// `Module.Class/testX` is `Class.testX()`; a Swift Testing test `Module.Suite/Inner/test(x:)`
  /// is `Suite.Inner.test(x:)`, and `Module.test()` (a test outside a suite) is `test()`; each may
  /// be qualified with its module, and may stand after `closure #1 in`, `static`, `(1) suspend
  /// resume partial function for` and the like. A frame of code the test called lies deeper in
  /// the thread than the test's own, which is found all the same; a crash on a thread the test
  /// did not start in its own code (a helper's background thread) names no test.
  package func frame(namingOneOf tests: [TestName]) -> (frame: Frame, test: TestName)? {
    let names = tests.map { (test: $0, functions: $0.functionNames) }
    for frame in frames {
      for (test, functions) in names where functions.contains(where: { frame.names($0) }) {
        return (frame, test)
      }
    }
    return nil
  }
}

extension CrashBacktrace.Frame {
  /// Whether its function is `function`, or lies inside it: the name stands at the start of its
  /// symbol or after a space, and ends it or comes before a space.
  package func names(_ function: String) -> Bool {
    var searched = symbol[...]
    while let range = searched.firstRange(of: function) {
      let before = symbol[..<range.lowerBound].last
      let after = symbol[range.upperBound...].first
      if before == nil || before == " ", after == nil || after == " " { return true }
      searched = symbol[range.upperBound...]
    }
    return false
  }
}
