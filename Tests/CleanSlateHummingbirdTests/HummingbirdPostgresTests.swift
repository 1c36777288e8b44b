#if Hummingbird && Postgres
  import CleanSlate
  import CleanSlateHummingbird
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Configuration
  import Hummingbird
  import HummingbirdTesting
  import Logging
  import PostgresNIO
  import Testing

  extension Fixture where Value == PostgresTestDatabase {
    /// An empty database of the test's own: the app makes its table when it starts.
    static let notesDatabase = Fixture.postgresDatabase("notesDatabase")
  }

  @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
  extension Fixture where Value == HummingbirdTestClient {
    /// The app built by its own `buildApplication(reader:)`, from a `ConfigReader` whose first
    /// provider names the test's database, in front of the app's own (its environment).
    static let notesOnPostgres = Fixture.hummingbirdApp("notesOnPostgres", testing: .live) {
      context in
      let database = try await context.use(.notesDatabase)
      let reader = ConfigReader(providers: [
        database.configProvider(adding: ["log.level": "error", "http.port": 0]),
        EnvironmentVariablesProvider(),
      ])
      return try await buildNotesApplication(reader: reader)
    }

    /// An app that names its own server in its code, and never reads the settings it is offered.
    static let hardCodedNotes = Fixture.hummingbirdApp("hardCodedNotes") { context in
      let database = try await context.use(.notesDatabase)
      let reader = ConfigReader(providers: [database.configProvider()])
      return buildHardCodedApplication(reader: reader)
    }
  }

  let postgresTests = ConditionTrait.enabled(
    if: PostgresTestServer.shouldRunTests, Comment(rawValue: PostgresTestServer.skipMessage))

  @Suite(.cleanSlate, postgresTests) struct HummingbirdPostgresTests {
    @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
    @Test func anAppWiredThroughAConfigReaderUsesTheTestsDatabase() async throws {
      let client = try await use(.notesOnPostgres)
      let database = try await use(.notesDatabase)
      try await client.execute(uri: "/database", method: .get) { response in
        #expect(String(buffer: response.body) == database.name)
      }
    }

    @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
    @Test func anAppThatMakesItsOwnSchemaStartsOnAnEmptyDatabase() async throws {
      // Given a database made from no template, used by an app that creates its table.
      let client = try await use(.notesOnPostgres)
      // When the test writes a note through the app.
      try await client.execute(uri: "/notes", method: .post, body: ByteBuffer(string: "milk")) {
        #expect($0.status == .created)
      }
      // Then the table the app made holds it, and nothing else.
      let database = try await use(.notesDatabase)
      let rows = try await database.connection.query(
        "SELECT text FROM notes", logger: Logger(label: "tests")
      ).collect()
      #expect(try rows.map { try $0.decode(String.self) } == ["milk"])
    }

    @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
    @Test func theClientConfigurationConnectsAPostgresClientToTheTestsDatabase() async throws {
      let database = try await use(.notesDatabase)
      let client = PostgresClient(configuration: database.clientConfiguration)
      let name = try await withThrowingTaskGroup(of: String?.self) { group in
        group.addTask {
          await client.run()
          return nil
        }
        let rows = try await client.query(
          "SELECT current_database()", logger: Logger(label: "tests"))
        var name: String?
        for try await found in rows.decode(String.self) { name = found }
        group.cancelAll()
        return name
      }
      #expect(name == database.name)
    }

    @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
    @Test func anAppThatNeverReadsItsSettingsIsToldWhyItCannotConnect() async throws {
      // Given an app that connects to a server its code names (where nothing listens) before it
      // starts, and never reads the settings the test's ConfigReader offers it.
      let process = makeProcessScope()
      let name = Box("")
      let server = try await PostgresTestServer.resolve()
      // When a test uses it.
      await #expect {
        _ = try await runTestScope("Notes/hardCoded()", in: process) {
          name.value = try await use(.notesDatabase).name
          _ = try await use(.hardCodedNotes)
        }
      } throws: { error in
        // Then its setup fails with PostgresNIO's error, and CleanSlate's explanation after it.
        let summary = (error as? FixtureUnavailable)?.failure.summary ?? ""
        return summary.hasSuffix(
          "The app never read the PostgreSQL settings the test offered it through its ConfigReader (postgres.host, postgres.port, postgres.user, postgres.password, postgres.database), so it does not use the test's database '\(name.value)' on \(server.host):\(server.port): it connects where its own code or providers say (often localhost:5432), and a failure to connect there comes back from PostgresNIO as a refused connection or `connectionCreationCircuitBreakerTripped`. Build the app's PostgresClient from the reader the test gives it, as in `reader.scoped(to: \"postgres\").string(forKey: \"host\")`."
        )
      }
      await process.end()
    }

    @available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
    @Test func twelveAppsAtOnceEachSeeOnlyTheirOwnNotes() async throws {
      // Given twelve tests that each hold an app on a database of their own, at the same time.
      let process = makeProcessScope()
      let allWrote = Rendezvous(parties: 12)
      let seen = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<12 {
          group.addTask {
            let notes = Box("")
            let failures = try await runTestScope("Notes/parallel\(index)()", in: process) {
              let client = try await use(.notesOnPostgres)
              // When each writes a note, waits for the others to write theirs, then reads.
              try await client.execute(
                uri: "/notes", method: .post, body: ByteBuffer(string: "note \(index)")
              ) { #expect($0.status == .created) }
              await allWrote.arrive()
              try await client.execute(uri: "/notes", method: .get) { response in
                notes.value = String(buffer: response.body)
              }
            }
            #expect(failures.isEmpty)
            return notes.value
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      await process.end()
      // Then each saw its own note and nobody else's.
      #expect(Set(seen) == Set((0..<12).map { "note \($0)" }))
    }
  }
#endif
