#if Vapor
  import CleanSlate
  import CleanSlateTesting
  import CleanSlateVapor
  import Fluent
  import Testing
  import VaporTesting

  @Suite(.cleanSlate, postgresTests) struct VaporAppTests {
    @Test(.fixtures(.todoApp)) func createsATodoInItsOwnDatabase() async throws {
      let app = try await use(.todoApp)
      try await app.testing().test(
        .POST, "todos", beforeRequest: { try $0.content.encode(Todo(title: "call mum")) }
      ) { response in
        #expect(response.status == .ok)
      }
      try await app.testing().test(.GET, "todos") { response in
        let todos = try response.content.decode([Todo].self)
        #expect(todos.map(\.title) == ["call mum"])
      }
    }

    @Test func anAppThatMigratesInMemorySQLiteGetsItsOwnPostgreSQLDatabase() async throws {
      let app = try await use(.todoApp)
      try await app.testing().test(.GET, "database") { response in
        #expect(response.body.string.hasPrefix("cs_db_"))
      }
    }

    @Test func worksOverARunningServer() async throws {
      let app = try await use(.todoApp)
      let tester = try app.testing(method: .running(port: 0))
      try await tester.test(
        .POST, "todos", beforeRequest: { try $0.content.encode(Todo(title: "over TCP")) }
      ) { response in
        #expect(response.status == .ok)
      }
      try await tester.test(.GET, "todos") { response async throws in
        #expect(try response.content.decode([Todo].self).map(\.title) == ["over TCP"])
      }
    }

    @Test(arguments: 0..<24) func parallelTestsEachSeeOnlyTheirOwnRows(index: Int) async throws {
      let app = try await use(.todoApp)
      for number in 0...index % 3 {
        try await Todo(title: "test \(index) todo \(number)").save(on: app.db)
      }
      let titles = try await Todo.query(on: app.db).all().map(\.title)
      #expect(titles.count == index % 3 + 1)
      #expect(titles.allSatisfy { $0.hasPrefix("test \(index) ") })
    }

    @Test func sqliteGivesAFreshMigratedDatabase() async throws {
      let app = try await use(.todoAppOnSQLite)
      try await Todo(title: "only mine").save(on: app.db)
      #expect(try await Todo.query(on: app.db).count() == 1)
    }

    @Test func noneKeepsTheDatabaseConfigureChose() async throws {
      let app = try await use(.todoAppAsConfigured)
      try await app.testing().test(.GET, "todos") { response async throws in
        #expect(response.status == .ok)
        #expect(try response.content.decode([Todo].self).isEmpty)
      }
    }
  }
#endif
