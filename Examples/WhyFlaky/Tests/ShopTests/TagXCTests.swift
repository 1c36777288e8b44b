import CleanSlateXCTest
import Shop
import XCTest

/// Hash order the other way round: a set of two tags comes in either order, and the one
/// expected is the order every process gives with SWIFT_DETERMINISTIC_HASHING=1 — not
/// (`swift,linux`). It fails in about half the processes, and in every one with it set.
final class TagXCTests: FixtureTestCase {
  func testTagLine() {
    let product = Product(name: "Penguin plush", tags: ["swift", "linux"])
    XCTAssertEqual(product.tagLine, "linux,swift")
  }
}
