import CleanSlate

/// The tests of a package by every name a framework prints for them while they run (XCTest's
/// `Class.test`, Swift Testing's `Module.Suite/test()`, the listed name itself): how a launch's
/// progress, told in its frameworks' names, names each test as `swift test list` does.
///
/// Its tests can be known after a launch has started (a launch of every test starts before they
/// are listed); every copy of it shares them.
struct PrintedNames: Sendable {
  private let index = Locked<[String: TestName]>([:])

  /// No tests known yet.
  init() {}

  /// Knows `tests` from now on, with those known before.
  func know(_ tests: [TestName]) {
    index.withLock { index in
      for test in tests {
        index[test.listed] = test
        for name in test.xctestNames where index[name] == nil { index[name] = test }
      }
    }
  }

  /// The test its framework printed as `printed`; a test not known is named as printed.
  func test(printed: String) -> TestName {
    index.value[printed] ?? TestName(printed)
  }
}
