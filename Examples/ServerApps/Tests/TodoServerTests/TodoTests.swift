import CleanSlatePostgres
import CleanSlateTesting
import CleanSlateVapor
import Testing
import TodoServer
import VaporTesting

extension Fixture where Value == Application {
  /// The app as its own configure makes it under `.testing`: in-memory SQLite, migrated by
  /// configure itself, the test's own. Apps are configured one at a time (route registration
  /// fills a global catalog); the tests run in parallel.
  static let app = Fixture.vaporApp("app") { app in
    try await configure(app)
  }

  /// The same app on a PostgreSQL database of the test's own, as production runs it.
  static let appOnPostgres = Fixture.vaporApp("appOnPostgres", database: .postgres) { app in
    try await configure(app)
  }
}

let postgresConfigured = ConditionTrait.enabled(
  if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))

@Suite(.cleanSlate) struct TodoTests {
  @Test func createsATodo() async throws {
    let app = try await use(.app)
    try await app.testing().test(
      .POST, "todos", beforeRequest: { try $0.content.encode(Todo(title: "call mum")) }
    ) { response in
      #expect(response.status == .ok)
    }
    try await app.testing().test(.GET, "todos") { response async throws in
      #expect(try response.content.decode([Todo].self).map(\.title) == ["call mum"])
    }
  }

  @Test func refusesADuplicateTitle() async throws {
    let app = try await use(.app)
    try await Todo(title: "call mum").save(on: app.db)
    try await app.testing().test(
      .POST, "todos", beforeRequest: { try $0.content.encode(Todo(title: "call mum")) }
    ) { response in
      #expect(response.status == .conflict)
    }
  }

  @Test func marksATodoDone() async throws {
    let app = try await use(.app)
    let todo = Todo(title: "water plants")
    try await todo.save(on: app.db)
    try await app.testing().test(.PATCH, "todos/\(todo.id!)/done") { response async throws in
      #expect(try response.content.decode(Todo.self).status == .done)
    }
  }

  // Each runs at the same time as the others, against a database of its own.
  @Test(arguments: 1...20) func seesOnlyItsOwnTodos(count: Int) async throws {
    let app = try await use(.app)
    for number in 1...count { try await Todo(title: "todo \(number)").save(on: app.db) }
    try await app.testing().test(.GET, "todos") { response async throws in
      #expect(try response.content.decode([Todo].self).count == count)
    }
  }

  @Test(postgresConfigured, arguments: 1...10)
  func seesOnlyItsOwnTodosOnPostgreSQL(count: Int) async throws {
    let app = try await use(.appOnPostgres)
    for number in 1...count { try await Todo(title: "todo \(number)").save(on: app.db) }
    try await app.testing().test(.GET, "todos") { response async throws in
      #expect(try response.content.decode([Todo].self).count == count)
    }
  }
}
