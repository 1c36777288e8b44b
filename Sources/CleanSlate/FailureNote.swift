/// A short text printed with a failed test's failures — the command that replays it, the seed it
/// drew from — offered by a fixture with ``FixtureContext/addFailureNote(_:)``.
///
/// The engine makes the notes of a failed test as its scope ends and puts them in the trace; each
/// integration then shows them in its framework's output, where they fail nothing.
package struct FailureNote: Sendable, Hashable {
  /// What the note says.
  package var text: String
  /// The line of the test that asked for the fixture that offered it.
  package var location: CodeLocation
  /// The fixture that offered it.
  package var fixture: String

  package init(text: String, location: CodeLocation, fixture: String) {
    self.text = text
    self.location = location
    self.fixture = fixture
  }
}
