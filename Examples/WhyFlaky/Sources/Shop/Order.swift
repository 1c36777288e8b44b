import Foundation

/// An order: how many of each item, as the shop's API sends it.
public struct Order: Sendable {
  /// How many of each item, by name.
  public var items: [String: Int]

  public init(items: [String: Int]) {
    self.items = items
  }

  /// The items as the API sends them, a JSON object: `{"apples":2,…}`. Its keys come in the
  /// order of the dictionary's elements, which Swift seeds anew in every process.
  public func json() throws -> String {
    String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
  }
}
