/// A product of the shop, with the tags it is filed under.
public struct Product: Sendable {
  public var name: String
  /// Its tags: a set, whose order Swift seeds anew in every process.
  public var tags: Set<String>

  public init(name: String, tags: Set<String>) {
    self.name = name
    self.tags = tags
  }

  /// Its tags as the shop's page lists them, comma-separated in the set's order.
  public var tagLine: String { tags.joined(separator: ",") }
}
