#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Fluent
  import Foundation
  import SQLKit
  import Testing
  import VaporTesting

  // `.sqlite` needs no server: these run everywhere.
  @Suite struct VaporAppSQLiteTests {
    @Test func twentyTestsAtOnceEachHaveACopyOfOneTemplateRemovedWhenTheyEnd() async throws {
      // Given a schema with a migration that counts its runs on a real database, and 20 tests
      // that all hold their app at the same time.
      let runs = Box(0)
      let fixture = Fixture.vaporApp("sqliteCopies", database: .sqlite) { app in
        try await configure(app, migrations: [CountingMigration(runs: runs)])
      }
      let process = makeProcessScope()
      let allWrote = Rendezvous(parties: 20)
      let seen = try await withThrowingTaskGroup(of: (file: String, titles: [String]).self) {
        group in
        for index in 0..<20 {
          group.addTask {
            let file = Box("")
            let titles = Box<[String]>([])
            let failures = try await runTestScope("Vapor/sqlite\(index)()", in: process) {
              let app = try await use(fixture)
              // When each writes a row, waits for the others to write theirs, then reads.
              try await app.testing().test(
                .POST, "todos",
                beforeRequest: { try $0.content.encode(Todo(title: "from \(index)")) }
              ) { #expect($0.status == .ok) }
              await allWrote.arrive()
              titles.value = try await Todo.query(on: app.db).all().map(\.title)
              file.value = try await databaseFile(of: app.db)
            }
            #expect(failures.isEmpty)
            return (file.value, titles.value)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      // Then the migrations ran once; each test saw its own row and nobody else's, in a file of
      // its own that is gone now.
      #expect(runs.value == 1)
      #expect(Set(seen.map(\.titles)) == Set((0..<20).map { ["from \($0)"] }))
      let files = seen.map(\.file)
      #expect(Set(files).count == 20)
      #expect(!files.contains { $0.isEmpty || FileManager.default.fileExists(atPath: $0) })
      // And the template goes with the process.
      let templates = try #require(files.first.map { URL(fileURLWithPath: $0) })
        .deletingLastPathComponent()
      #expect(FileManager.default.fileExists(atPath: templates.path))
      await process.end()
      #expect(!FileManager.default.fileExists(atPath: templates.path))
    }
  }

  /// The file a SQLite database is kept in.
  private func databaseFile(of database: any Database) async throws -> String {
    let sql = try #require(database as? any SQLDatabase)
    let main = try #require(try await sql.raw("PRAGMA database_list").first())
    return try main.decode(column: "file", as: String.self)
  }
#endif
