#if Postgres
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import Foundation
  import PostgresNIO
  import Testing

  /// The clones a test process made ahead and no test used are left on the server for the next
  /// process, which takes them before it clones; those of a template that is gone are swept.
  @Suite(postgresTests) struct SpareClonesTests {
    @Test func theNextProcessTakesTheClonesThisOneLeftAndSpareOfAGoneTemplateAreSwept()
      async throws
    {
      // Given a template of its own (no other test's processes use it), its key, and two
      // fixtures of it: one that keeps two clones ready, one that keeps none beyond its tests'.
      let template = PostgresTemplate(migrations: [
        PostgresMigration(
          "create marks \(UUID().uuidString)", sql: "CREATE TABLE marks (id int PRIMARY KEY)")
      ])
      let first = Fixture.postgresDatabase("marksDatabase", template: template)
      let second = Fixture.postgresDatabase("marksDatabase", template: template, ahead: 0)
      let key = template.key(serverVersion: try await serverVersion())
      let spares = "cs_spare_\(key)_"

      // When a first test process runs one test and ends.
      var process = makeProcessScope()
      _ = try await runTestScope("Marks/first()", in: process) { _ = try await use(first) }
      await process.end()
      // Then the clones it made ahead and no test used are left as spares.
      let left = try await oids(of: serverDatabases(prefix: spares))
      #expect(!left.isEmpty)

      // When a second process runs a test.
      process = makeProcessScope()
      let used = Box(0)
      _ = try await runTestScope("Marks/second()", in: process) {
        let database = try await use(second)
        used.value = try await database.connection.integer(
          "SELECT oid::int FROM pg_database WHERE datname = current_database()")
        #expect(try await database.connection.integer("SELECT count(*) FROM marks") == 0)
      }
      await process.end()
      // Then its test's database was one of those spares, a clone of the template all the same.
      #expect(left.contains(used.value))

      // When a process that keeps clones ready runs a test again, so that spares are left (the
      // second process, which keeps none beyond its test's, may have taken the last one: on a
      // busy machine the first process had made one clone ahead, not two)
      process = makeProcessScope()
      _ = try await runTestScope("Marks/again()", in: process) { _ = try await use(first) }
      await process.end()
      #expect(try await !serverDatabases(prefix: spares).isEmpty)

      // And the template is dropped and a process opens a session with the server.
      try await dropDatabase("cs_tpl_\(key)")
      process = makeProcessScope()
      _ = try await runTestScope("Marks/third()", in: process) {
        _ = try await use(.playersDatabase)
      }
      await process.end()
      // Then the spares of the template that is gone are gone too.
      #expect(try await serverDatabases(prefix: spares).isEmpty)
    }
  }

  /// The object identifiers of the databases `names`.
  private func oids(of names: [String]) async throws -> [Int] {
    try await withAdminConnection { admin in
      var oids: [Int] = []
      for name in names {
        oids.append(
          try await admin.integer("SELECT oid::int FROM pg_database WHERE datname = \(name)"))
      }
      return oids
    }
  }

  /// Drops a database no connection uses.
  private func dropDatabase(_ name: String) async throws {
    try await withAdminConnection { admin in
      try await admin.query(
        PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \"\(name)\""),
        logger: Logger(label: "tests"))
    }
  }
#endif
