import CleanSlatePostgres
import CleanSlateVapor
import CleanSlateXCTest
import TodoServer
import XCTVapor
import XCTest

/// The app on PostgreSQL in XCTest, with XCTVapor.
final class TodoXCTests: FixtureTestCase {
  @Resettable var app: Application!

  override func setUp() async throws {
    try await super.setUp()
    try XCTSkipUnless(PostgresTestServer.shouldRunTests, PostgresTestServer.skipMessage)
    app = try await use(.appOnPostgres)
  }

  func testCreatesATodo() async throws {
    try await app.test(
      .POST, "todos", beforeRequest: { try $0.content.encode(Todo(title: "call mum")) }
    ) { response async throws in
      XCTAssertEqual(response.status, .ok)
    }
  }

  func testStartsWithNoTodos() async throws {
    try await app.test(.GET, "todos") { response async throws in
      XCTAssertEqual(try response.content.decode([Todo].self).count, 0)
    }
  }
}
