#if Postgres
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import Testing

  @Suite struct PostgresTestServerTests {
    @Test func readsTheURL() throws {
      let server = try #require(
        PostgresTestServer.from(environment: [
          "CLEANSLATE_POSTGRES_URL": "postgres://app:s3cret@db.local:6543/maintenance",
          "PGHOST": "ignored",
        ]))
      #expect(server.host == "db.local")
      #expect(server.port == 6543)
      #expect(server.username == "app")
      #expect(server.password == "s3cret")
      #expect(server.database == "maintenance")
    }

    @Test func readsThePGVariables() throws {
      let server = try #require(
        PostgresTestServer.from(environment: [
          "PGHOST": "10.0.0.9", "PGPORT": "5433", "PGUSER": "ci", "PGPASSWORD": "pw",
        ]))
      #expect(server.description == "ci@10.0.0.9:5433/ci")
      #expect(server.password == "pw")
    }

    @Test func isNotConfiguredWithoutURLOrHost() {
      #expect(PostgresTestServer.from(environment: ["PGUSER": "me"]) == nil)
    }

    @Test func itsDescriptionNeverShowsThePassword() {
      let server = PostgresTestServer(password: "s3cret")
      #expect(!server.description.contains("s3cret"))
    }

    @Test func aRefusedConnectionNamesHostAndPortButNotThePassword() async throws {
      // Given a server description pointing at a port nothing listens on.
      let server = PostgresTestServer(host: "127.0.0.1", port: 1, password: "s3cret")
      let fixture = Fixture.postgresDatabase("refused", template: .players, server: server)
      let process = makeProcessScope()
      // When a test uses it.
      let caught = Box<CleanSlateError?>(nil)
      _ = try await runTestScope(in: process) {
        do { _ = try await use(fixture) } catch let error as FixtureUnavailable {
          caught.value = error.failure
        }
      }
      await process.end()
      // Then setup fails naming the host and port, and not the password.
      let failure = try #require(caught.value)
      #expect(failure.code == .setupFailed)
      #expect(failure.summary.contains("127.0.0.1:1"))
      #expect(!failure.description.contains("s3cret"))
    }
  }
#endif
