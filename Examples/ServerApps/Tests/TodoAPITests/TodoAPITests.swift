import CleanSlateHummingbird
import CleanSlatePostgres
import CleanSlateTesting
import Configuration
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAPI

extension Fixture where Value == PostgresTestDatabase {
  /// An empty PostgreSQL database of the test's own: the app makes its table when it starts.
  static let todosDatabase = Fixture.postgresDatabase("todosDatabase")
}

extension Fixture where Value == HummingbirdTestClient {
  /// The app as its entry point builds it, from a ConfigReader whose first provider names the
  /// test's database (`postgres.host`, `.port`, `.user`, `.password`, `.database`), in front of
  /// the app's own providers. Its log is kept to errors: its PostgreSQL client warns when the
  /// app's table is made before the client runs, and notes the connection it was opening as the
  /// app shuts down.
  static let todoAPI = Fixture.hummingbirdApp("todoAPI") { context in
    let database = try await context.use(.todosDatabase)
    let reader = ConfigReader(
      providers: [database.configProvider(adding: ["log.level": "error"])] + configProviders())
    return try await buildApplication(reader: reader)
  }
}

let postgresAvailable = ConditionTrait.enabled(
  if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))

@Suite(.cleanSlate, postgresAvailable) struct TodoAPITests {
  @Test func addsATodo() async throws {
    let client = try await use(.todoAPI)
    let todo = Todo(title: "call mum")
    try await client.execute(
      uri: "/todos", method: .post, body: ByteBuffer(bytes: try JSONEncoder().encode(todo))
    ) { #expect($0.status == .created) }
    try await client.execute(uri: "/todos", method: .get) { response async throws in
      #expect(try decode(response.body) == [todo])
    }
  }

  // Each runs at the same time as the others: on one shared database, one test's DELETE would
  // wipe the others' todos.
  @Test(arguments: 1...12) func deletesItsOwnTodosOnly(count: Int) async throws {
    let client = try await use(.todoAPI)
    for number in 1...count {
      let todo = Todo(title: "todo \(number)")
      try await client.execute(
        uri: "/todos", method: .post, body: ByteBuffer(bytes: try JSONEncoder().encode(todo))
      ) { #expect($0.status == .created) }
    }
    try await client.execute(uri: "/todos", method: .get) { response async throws in
      #expect(try decode(response.body).count == count)
    }
    try await client.execute(uri: "/todos", method: .delete) { #expect($0.status == .ok) }
    try await client.execute(uri: "/todos", method: .get) { response async throws in
      #expect(try decode(response.body).isEmpty)
    }
  }
}

/// The todos a response's body holds.
func decode(_ body: ByteBuffer) throws -> [Todo] {
  try JSONDecoder().decode([Todo].self, from: Data(String(buffer: body).utf8))
}
