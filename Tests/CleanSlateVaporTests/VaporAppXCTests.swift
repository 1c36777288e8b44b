#if Vapor
  import CleanSlatePostgres
  import CleanSlateVapor
  import CleanSlateXCTest
  import Fluent
  import XCTVapor
  import XCTest

  /// The app fixture in XCTest: XCTVapor's `app.test` in a `FixtureTestCase`.
  final class VaporAppXCTests: FixtureTestCase {
    @Resettable var app: Application!

    override func setUp() async throws {
      try await super.setUp()
      try XCTSkipUnless(PostgresTestServer.shouldRunTests, PostgresTestServer.skipMessage)
      app = try await use(.todoApp)
    }

    func testCreatesATodoInItsOwnDatabase() async throws {
      try await app.test(
        .POST, "todos", beforeRequest: { try $0.content.encode(Todo(title: "call mum")) }
      ) { response async throws in
        XCTAssertEqual(response.status, .ok)
      }
      try await app.test(.GET, "todos") { response async throws in
        XCTAssertEqual(try response.content.decode([Todo].self).map(\.title), ["call mum"])
      }
    }

    func testStartsEmptyWhateverTheOtherTestsWrote() async throws {
      let count = try await Todo.query(on: app.db).count()
      XCTAssertEqual(count, 0)
      try await Todo(title: "left behind").save(on: app.db)
    }

    func testRunsAgainstItsOwnPostgreSQLDatabase() async throws {
      try await app.test(.GET, "database") { response async throws in
        XCTAssertTrue(response.body.string.hasPrefix("cs_db_"))
      }
    }
  }
#endif
