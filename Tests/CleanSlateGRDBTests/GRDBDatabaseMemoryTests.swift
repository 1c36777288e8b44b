#if GRDB
  import CleanSlate
  import CleanSlateGRDB
  import CleanSlateTestSupport
  import Foundation
  import GRDB
  import Testing

  @Suite struct GRDBDatabaseMemoryTests {
    /// Databases that may grow 1 MiB beyond their template.
    static let small = Fixture.database(
      "small", migrator: PlayerSchema.migrator, configuration: Configuration(),
      seed: PlayerSchema.seed(count: 100), headroom: 1 << 20,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)

    @Test func aWriteInOneCopyIsNeverSeenByAnotherCopyOrALaterOne() throws {
      // Given two copies of one template.
      let template = try DatabaseTemplate.build(
        migrator: PlayerSchema.migrator, configuration: Configuration(),
        seed: PlayerSchema.seed(count: 100))
      let first = try template.makeCopy(configuration: Configuration())
      let second = try template.makeCopy(configuration: Configuration())
      // When the first rewrites every row and adds some.
      try first.queue.write { db in
        try db.execute(sql: "UPDATE players SET name = 'changed ' || id")
        try db.execute(sql: "INSERT INTO players (id, name, score) VALUES (101, 'new', 0)")
      }
      // Then neither the second nor a copy made afterwards sees it.
      let third = try template.makeCopy(configuration: Configuration())
      for copy in [second, third] {
        let changed = try copy.queue.read {
          try Int.fetchOne($0, sql: "SELECT count(*) FROM players WHERE name LIKE 'changed %'")
        }
        #expect(changed == 0)
        #expect(try copy.queue.read(PlayerSchema.playerCount) == 100)
      }
      #expect(try first.queue.read(PlayerSchema.playerCount) == 101)
      for copy in [first, second, third] { try copy.queue.close() }
    }

    @Test func aTestCanWriteFarBeyondTheTemplatesSize() async throws {
      // Given a test using a database whose template holds 100 small rows.
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let dbQueue = try await use(.players)
        // When it writes 16 MiB.
        try await dbQueue.write { db in
          try db.execute(sql: "CREATE TABLE blobs (content BLOB NOT NULL)")
          for _ in 1...16 {
            try db.execute(sql: "INSERT INTO blobs (content) VALUES (randomblob(1048576))")
          }
        }
        // Then it reads it all back.
        let size = try await dbQueue.read {
          try Int.fetchOne($0, sql: "SELECT sum(length(content)) FROM blobs")
        }
        #expect(size == 16 << 20)
      }
      await process.end()
      #expect(failures.isEmpty)
    }

    @Test func aWriteBeyondTheLimitFailsWithSQLITE_FULLAndTheTestIsToldTheLimit() async throws {
      // Given a database that may grow 1 MiB beyond its template.
      let fixture = Self.small
      let process = makeProcessScope()
      let thrown = Box<DatabaseError?>(nil)
      let failures = try await runTestScope(in: process) {
        let dbQueue = try await use(fixture)
        // When a test writes 2 MiB.
        do {
          try await dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE blobs (content BLOB NOT NULL)")
            try db.execute(sql: "INSERT INTO blobs (content) VALUES (randomblob(2097152))")
          }
        } catch let error as DatabaseError {
          thrown.value = error
        }
        // Then the write failed as a full disk would, and rolled back.
        #expect(try await dbQueue.read(PlayerSchema.playerCount) == 100)
      }
      await process.end()
      #expect(thrown.value?.resultCode == .SQLITE_FULL)
      // And the test's end reports the limit it reached, naming the fixture.
      #expect(failures.map(\.code) == [.teardownFailed])
      #expect(
        failures.map(\.summary) == [
          "Teardown of fixture 'small' threw: the test's database 'small' grew to its limit, 1 MiB beyond the template, and writes past it failed with SQLITE_FULL (database or disk is full). Write less, or use `Fixture.databasePool`, whose database is a file."
        ])
    }

    @Test func aTestThatStaysWithinTheLimitIsNotToldAboutIt() async throws {
      let fixture = Self.small
      let process = makeProcessScope()
      let failures = try await runTestScope(in: process) {
        let dbQueue = try await use(fixture)
        try await dbQueue.write { db in
          try db.execute(sql: "CREATE TABLE blobs (content BLOB NOT NULL)")
          try db.execute(sql: "INSERT INTO blobs (content) VALUES (randomblob(524288))")
        }
      }
      await process.end()
      #expect(failures.isEmpty)
    }

    @Test func aTemplateWithNoMigrationsGivesEmptyDatabasesThatCanBeWritten() throws {
      let template = try DatabaseTemplate.build(
        migrator: DatabaseMigrator(), configuration: Configuration(), seed: nil)
      let copy = try template.makeCopy(configuration: Configuration())
      try copy.queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
      #expect(try copy.queue.read { try $0.tableExists("t") })
      try copy.queue.close()
    }

    #if os(Linux)
      // Other tests map and unmap memory at the same time, and may be given addresses these
      // copies had: so the copies are recognized by the template's shared-memory file they map,
      // which is this template's alone.

      @Test func closingACopyReleasesItsMemory() throws {
        // Given twenty copies, each in a region of its own that maps the template's file.
        let template = try DatabaseTemplate.build(
          migrator: PlayerSchema.migrator, configuration: Configuration(),
          seed: PlayerSchema.seed(count: 100))
        let copies = try (1...20).map { _ in try template.makeCopy(configuration: Configuration()) }
        let regions = copies.compactMap(\.addresses)
        #expect(regions.count == copies.count)
        let file = try #require(try mappedFile(at: regions[0].lowerBound))
        #expect(file.contains("cleanslate-grdb"))
        #expect(try mappings(of: file) == copies.count)
        // When they are closed.
        for copy in copies { try copy.queue.close() }
        // Then none of them is mapped any more.
        #expect(try mappings(of: file) == 0)
      }

      @Test func aCopyClosedLateByAStatementItKeptIsReleasedWhenItFinallyCloses() throws {
        // Given a copy whose connection cannot close: a statement is still alive.
        let template = try DatabaseTemplate.build(
          migrator: PlayerSchema.migrator, configuration: Configuration(),
          seed: PlayerSchema.seed(count: 10))
        var copy: DatabaseCopy? = try template.makeCopy(configuration: Configuration())
        let region = try #require(copy?.addresses)
        let file = try #require(try mappedFile(at: region.lowerBound))
        var statement: Statement? = try copy?.queue.inDatabase {
          try $0.makeStatement(sql: "SELECT * FROM players")
        }
        #expect(throws: DatabaseError.self) { try copy?.queue.close() }
        // Then its memory stays while SQLite may still read it.
        #expect(try mappings(of: file) == 1)
        // And is released once the statement and the connection are gone.
        statement = nil
        copy = nil
        _ = statement
        #expect(try mappings(of: file) == 0)
      }

      /// The file mapped at `address`, from `/proc/self/maps`; nil for anonymous memory.
      private func mappedFile(at address: UInt) throws -> String? {
        try mappings().first { $0.range.lowerBound == address }?.file
      }

      /// How many of the process's mappings map `file`.
      private func mappings(of file: String) throws -> Int {
        try mappings().count { $0.file == file }
      }

      /// The process's mappings, from `/proc/self/maps` (read to its end: a file of the kernel's,
      /// whose size reads as 0): each one's addresses, and the file it maps.
      private func mappings() throws -> [(range: Range<UInt>, file: String?)] {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
          .split(separator: "\n")
          .compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-") ?? []
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16),
              let end = UInt(bounds[1], radix: 16)
            else { return nil }
            let path = fields.count == 6 ? String(fields[5]) : nil
            return (start..<end, path)
          }
      }
    #endif
  }
#endif
