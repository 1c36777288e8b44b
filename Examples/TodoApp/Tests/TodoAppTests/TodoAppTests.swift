import CleanSlate
import CleanSlateLaunchedApp
import CleanSlateTesting
import Testing

/// The app, launched for every test by Swift Testing. Both tests start by checking the slate is
/// clean, then leave data and settings behind: whichever runs second proves the reset.
/// Serialized: the tests share one home, as two launches of a real app would.
@Suite(.cleanSlate, .serialized) struct TodoAppTests {
  @Test func startsEmptyThenKeepsWhatIsAdded() async throws {
    let app = try await use(.todoApp)
    #expect(app.outputLines.contains("todo ready: 0 items, sort=created"))

    try await app.command("add buy milk", expecting: "added #1")
    try await app.command("add call mum", expecting: "added #2")
    let end = try await app.command("list", expecting: "end of list")
    #expect(end == "end of list (2 items)")
  }

  @Test func startsWithDefaultSettingsThenChangesThem() async throws {
    let app = try await use(.todoApp)
    #expect(app.outputLines.contains("todo ready: 0 items, sort=created"))

    try await app.command("sort alphabetical", expecting: "sort=alphabetical")
    try await app.command("add water the plants", expecting: "added #1")
  }
}
