import Foundation

/// The shop's greeting, in the language `SHOP_LANGUAGE` names (English unless it says `fr`).
public enum Greeting {
  /// `Hello, Ada!`, or `Bonjour, Ada !` in French.
  public static func text(for name: String) -> String {
    ProcessInfo.processInfo.environment["SHOP_LANGUAGE"] == "fr"
      ? "Bonjour, \(name) !" : "Hello, \(name)!"
  }
}
