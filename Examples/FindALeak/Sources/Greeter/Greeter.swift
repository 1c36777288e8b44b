import Foundation

/// Greets people in the language `GREETER_LANGUAGE` names (English unless it says `fr` or `de`).
public struct Greeter: Sendable {
  public init() {}

  /// The greeting for `name`, as `Hello, Ada!`.
  public func greeting(for name: String) -> String {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    switch ProcessInfo.processInfo.environment["GREETER_LANGUAGE"] {
    case "fr": return "Bonjour, \(trimmed) !"
    case "de": return "Hallo, \(trimmed)!"
    default: return "Hello, \(trimmed)!"
    }
  }
}
