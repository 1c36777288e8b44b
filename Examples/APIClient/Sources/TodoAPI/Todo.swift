/// A to-do item, as the API sends it.
public struct Todo: Codable, Equatable, Sendable {
  /// The id the server assigned.
  public var id: Int
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var done: Bool

  public init(id: Int, title: String, done: Bool) {
    self.id = id
    self.title = title
    self.done = done
  }
}
