import Foundation

/// Prints a document to a spool file in the temporary directory, at a fixed name, and reads it
/// back: one spool for every process on the machine that prints.
public enum ReceiptPrinter {
  /// The spool file.
  public static var spool: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("shop-printer-spool.txt")
  }

  /// Writes `text` to the spool, waits for the printer (`seconds`), and returns what the spool
  /// holds then: what was printed.
  public static func print(_ text: String, waiting seconds: Double = 0.3) throws -> String {
    try Data(text.utf8).write(to: spool)
    Thread.sleep(forTimeInterval: seconds)
    return try String(contentsOf: spool, encoding: .utf8)
  }
}
