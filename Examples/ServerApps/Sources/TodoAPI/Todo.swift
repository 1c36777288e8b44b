import Foundation
import Hummingbird

/// A thing to do.
public struct Todo: ResponseCodable, Equatable, Sendable {
  public var id: UUID
  public var title: String
  public var completed: Bool

  public init(id: UUID = UUID(), title: String, completed: Bool = false) {
    self.id = id
    self.title = title
    self.completed = completed
  }
}
