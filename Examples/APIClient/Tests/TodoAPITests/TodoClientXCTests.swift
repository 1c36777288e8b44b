import CleanSlateHTTP
import CleanSlateXCTest
import TodoAPI
import XCTest

/// The same client and fake server, with XCTest.
final class TodoClientXCTests: FixtureTestCase {
  func testCompletesATodo() async throws {
    // Given a server holding one open to-do
    let api = try await use(.todoAPI)
    api.resource("/todos").insert(["title": "Buy milk", "done": false])
    api.expect(.patch, "/todos/:id", times: 1) { try $0.json == ["done": true] }

    // When the client completes it
    let completed = try await TodoClient(baseURL: api.baseURL).complete(1)

    // Then the server's to-do is done
    XCTAssertEqual(completed, Todo(id: 1, title: "Buy milk", done: true))
    XCTAssertEqual(api.resource("/todos")[id: 1]?["done"], true)
  }

  func testReportsAMissingTodo() async throws {
    let api = try await use(.todoAPI)
    do {
      _ = try await TodoClient(baseURL: api.baseURL).complete(42)
      XCTFail("completing a missing to-do succeeded")
    } catch let failure as TodoClient.Failure {
      XCTAssertEqual(failure, .status(404))
    }
  }
}
