// swift-format-ignore-file
// The code examples of CleanSlateVapor's documentation (its DocC catalog and its symbols'
// comments), compiled: scripts/check-doc-examples.sh checks that each example is here.
#if Vapor
  import CleanSlateTesting
  import CleanSlateVapor
  import CleanSlateXCTest
  import Testing
  import VaporTesting
  import XCTVapor
  import XCTest

  extension Fixture where Value == Application {
    static let app = Fixture.vaporApp("app") { app in
      try await configure(app)              // the app's own configure: routes, migrations
    }
  }

  @Suite(.cleanSlate) struct TodoTests {
    @Test(.fixtures(.app)) func createsATodo() async throws {
      let app = try await use(.app)           // its own app, its own database
      try await app.testing().test(.POST, "todos", beforeRequest: { try $0.content.encode(todo) }) {
        #expect($0.status == .ok)
      }
    }
  }

  extension Fixture where Value == Application {
    static let appOnPostgres = Fixture.vaporApp("appOnPostgres", database: .postgres) { app in
      try await configure(app)
    }
  }

  extension Fixture where Value == Application {
    static let forecastApp = Fixture.vaporApp("forecastApp") { context, app in
      try await configure(app)
      app.weatherServiceURL = try await context.use(.weather).baseURL   // a fake server of its own
    }
  }

  @Suite(.cleanSlate) struct TodoListTests {
    @Test func listsTodos() async throws {
      let app = try await use(.app)
      try await app.testing().test(.GET, "todos") { #expect($0.status == .ok) }
    }
  }

  final class TodoListXCTests: FixtureTestCase {
    @Resettable var app: Application!

    override func setUp() async throws {
      try await super.setUp()
      app = try await use(.app)
    }

    func testListsTodos() async throws {
      try await app.test(.GET, "todos") { response async in XCTAssertEqual(response.status, .ok) }
    }
  }

  func withApp(_ test: (Application) async throws -> Void) async throws {
    try await test(use(.app))                  // was: make, configure, test, shut down
  }

  @Suite(.cleanSlate) struct MemberTests {
    @Test func listsMembers() async throws {
      try await withApp { app in               // the test itself is unchanged
        try await app.testing().test(.GET, "members") { #expect($0.status == .ok) }
      }
    }
  }
#endif
