import XCTest

class BaseCase: XCTestCase {
  func testInherited() {
    XCTAssertFalse(Planted.fails("inherited"))
  }
}

final class DerivedCase: BaseCase {
  func testOwn() {
    XCTAssertFalse(Planted.fails("own"))
  }
}

final class AsyncCase: XCTestCase {
  func testAsync() async throws {
    try await Task.sleep(for: .milliseconds(1))
    XCTAssertFalse(Planted.fails("async"))
  }

  func testSkipped() throws {
    throw XCTSkip("skipped on purpose")
  }
}
