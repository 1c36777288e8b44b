import Foundation

/// A greeting card, written to a file for the printer to pick up.
public struct GreetingCard: Sendable {
  /// Who the card is for.
  public var name: String

  public init(for name: String) {
    self.name = name
  }

  /// The card's text.
  public var text: String { "To \(name), with love." }

  /// Writes the card in `directory` (the temporary directory unless told) and returns its file.
  public func write(
    in directory: URL = FileManager.default.temporaryDirectory
  ) throws -> URL {
    let file = directory.appendingPathComponent("card-for-\(name).txt")
    try Data(text.utf8).write(to: file)
    return file
  }
}
