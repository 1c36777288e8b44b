import CleanSlateXCTest
import Shop
import XCTest

/// Parallel across processes: both tests print through one spool file in the temporary
/// directory. One at a time they pass; when XCTest runs them at the same time, each in a process
/// of its own (`swift test --parallel`), one reads the other's document.
final class ReceiptPrinterXCTests: FixtureTestCase {
  func testPrintsTheReceipt() throws {
    XCTAssertEqual(try ReceiptPrinter.print("receipt 42"), "receipt 42")
  }
}

final class InvoicePrinterXCTests: FixtureTestCase {
  func testPrintsTheInvoice() throws {
    XCTAssertEqual(try ReceiptPrinter.print("invoice 7"), "invoice 7")
  }
}
