// swift-format-ignore-file
// The code examples of CleanSlateLaunchedApp's documentation (its DocC catalog), compiled:
// scripts/check-doc-examples.sh checks that each example is here.
#if LaunchedApp
  import CleanSlate
  import CleanSlateLaunchedApp
  import CleanSlateTesting
  import CleanSlateXCTest
  import Foundation
  import Testing
  import XCTest

  extension Fixture where Value == LaunchedApp {
    static let todoApp = Fixture.launchedApp("todoApp") { context in
      LaunchedApp.Configuration(
        executable: LaunchedApp.builtProduct("TodoApp"),   // built by the same `swift test`
        environment: ["XDG_DATA_HOME": try await context.use(.appHome).path],
        readiness: .line(containing: "todo ready"))
    }
  }

  // Swift Testing (import CleanSlateTesting)
  @Suite(.cleanSlate) struct TodoAppTests {
    @Test func startsEmpty() async throws {
      let app = try await use(.todoApp)
      try await app.send("list")
      #expect(try await app.waitForLine(containing: "end of list") == "end of list (0 items)")
    }
  }

  // XCTest (import CleanSlateXCTest)
  final class TodoAppXCTests: FixtureTestCase {
    func testStartsEmpty() async throws {
      let app = try await use(.todoApp)
      try await app.send("list")
      let line = try await app.waitForLine(containing: "end of list")
      XCTAssertEqual(line, "end of list (0 items)")
    }
  }

  extension Fixture where Value == URL {
    /// The app's data directory: a directory of the test's own.
    static let appHome = Fixture.temporaryDirectory
  }
#endif
