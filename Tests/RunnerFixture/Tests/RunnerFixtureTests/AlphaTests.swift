import XCTest

final class AlphaTests: XCTestCase {
  func testOne() {}

  func testTwo() {}

  func testFlaky() {
    if Behaviour.failsThisAttempt("AlphaTests.testFlaky") {
      XCTFail("this attempt fails")
    }
  }

  func testFails() {
    if Behaviour.asks("fail") { XCTFail("always fails") }
  }

  func testCrashes() {
    if Behaviour.asks("crash") { fatalError("crashes on purpose") }
  }

  func testCrashesOnce() {
    if Behaviour.asks("crash-once") && Behaviour.firstAttempt("AlphaTests.testCrashesOnce") {
      fatalError("crashes in its first run")
    }
  }

  func testSkipped() throws {
    throw XCTSkip("skipped on purpose")
  }
}
