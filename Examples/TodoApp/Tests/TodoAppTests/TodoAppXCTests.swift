import CleanSlate
import CleanSlateLaunchedApp
import CleanSlateXCTest
import XCTest

/// The app, launched for every test by XCTest: each test starts from an empty list and default
/// settings, whatever the test before it left behind.
final class TodoAppXCTests: FixtureTestCase {
  func testStartsEmptyThenKeepsWhatIsAdded() async throws {
    let app = try await use(.todoApp)
    XCTAssert(app.outputLines.contains("todo ready: 0 items, sort=created"), app.output)

    try await app.command("add buy milk", expecting: "added #1")
    let end = try await app.command("list", expecting: "end of list")
    XCTAssertEqual(end, "end of list (1 items)")
  }

  func testStartsWithDefaultSettingsThenChangesThem() async throws {
    let app = try await use(.todoApp)
    XCTAssert(app.outputLines.contains("todo ready: 0 items, sort=created"), app.output)

    try await app.command("sort alphabetical", expecting: "sort=alphabetical")
    try await app.command("add water the plants", expecting: "added #1")
  }
}
