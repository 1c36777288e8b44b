import CleanSlateTesting
import Foundation
import Greeter
import Testing

/// The same leaks in Swift Testing. The suite runs its tests one at a time, in order, so that
/// the sentinel blames each test for what it left (tests that run at the same time share the
/// process's state: their leaks are reported at the suite).
@Suite(.cleanSlate, .serialized) struct GreeterSuite {
  /// Writes a card in the temporary directory and leaves it there.
  @Test func cardForGrace() throws {
    let card = try GreetingCard(for: "Grace").write()
    #expect(try String(contentsOf: card, encoding: .utf8) == "To Grace, with love.")
  }

  /// Sets the language by hand and never restores it: every later test greets in French.
  @Test func frenchGreeting() {
    setenv("GREETER_LANGUAGE", "fr", 1)
    #expect(Greeter().greeting(for: "Ada") == "Bonjour, Ada !")
  }

  /// Passes alone; fails after frenchGreeting().
  @Test func welcomesInEnglishByDefault() {
    #expect(Greeter().greeting(for: "Ada") == "Hello, Ada!")
  }
}
