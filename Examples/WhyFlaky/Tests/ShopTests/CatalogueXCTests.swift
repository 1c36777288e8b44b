import CleanSlateXCTest
import Foundation
import Shop
import XCTest

/// Load: the test waits a fixed 0.3 s for the index, built in the background in a tenth of a second
/// on a quiet machine; when other work holds the cores, it is not built yet.
final class CatalogueXCTests: FixtureTestCase {
  func testCatalogueIsIndexed() {
    let index = CatalogueIndex()
    index.startBuilding()
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertTrue(index.isBuilt, "the index is not built yet")
  }
}
