#if Postgres
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import Testing

  @testable import CleanSlatePostgres

  /// What the environment decides: a named server always wins; without one, zero-config starts a
  /// server if PostgreSQL's programs are there, and the tests skip (or fail on CI) if not.
  @Suite struct ZeroConfigEnvironmentTests {
    @Test func aNamedServerWinsAndNothingIsStarted() async throws {
      // Given a URL, and a zero-config root that does not exist.
      let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cleanslate-unused-\(UUID().uuidString)")
      let environment = [
        "CLEANSLATE_POSTGRES_URL": "postgres://ci@db.example:6543/postgres",
        "CLEANSLATE_POSTGRES_ROOT": root.path,
      ]
      // When the server is resolved.
      let server = try await PostgresTestServer.resolve(environment: environment)
      // Then it is the named one, and zero-config made nothing.
      #expect(server.description == "ci@db.example:6543/postgres")
      #expect(!FileManager.default.fileExists(atPath: root.path))
      #expect(PostgresTestServer.shouldRunTests(environment: environment))
    }

    @Test func withoutProgramsTheTestsSkipSayingHowToInstallThem() async throws {
      try await withEmptyDirectory { empty in
        // Given no server named, and the program search pointed at an empty directory.
        let environment = ["CLEANSLATE_POSTGRES_BIN": empty.path]
        // Then the tests skip, with a message that says how to install PostgreSQL.
        #expect(!PostgresTestServer.shouldRunTests(environment: environment))
        let message = PostgresTestServer.skipMessage(environment: environment)
        #expect(message.contains("apt-get install postgresql"))
        #expect(message.contains("brew install"))
        #expect(message.contains("CLEANSLATE_POSTGRES_URL"))
        // And a fixture that needs the server fails with the same message.
        let error = await #expect(throws: PostgresFixtureError.self) {
          try await PostgresTestServer.resolve(environment: environment)
        }
        #expect(error?.message == message)
      }
    }

    @Test func onCIMissingProgramsFailRatherThanSkip() throws {
      try withEmptyDirectory { empty in
        let environment = ["CLEANSLATE_POSTGRES_BIN": empty.path, "CI": "true"]
        #expect(PostgresTestServer.shouldRunTests(environment: environment))
      }
    }

    @Test func offTurnsZeroConfigOff() async throws {
      for value in ["off", "OFF", "0", "false", "no"] {
        let environment = ["CLEANSLATE_POSTGRES": value, "PATH": "/usr/bin:/bin"]
        #expect(ThrowawayServer.availability(environment: environment) == .off)
        #expect(!PostgresTestServer.shouldRunTests(environment: environment))
        #expect(
          PostgresTestServer.skipMessage(environment: environment).contains(
            "CLEANSLATE_POSTGRES=off"))
      }
    }

    @Test func readsTheRootAndTheLinger() throws {
      try withFakeSystem { system in
        try system.install("bin")
        let environment = [
          "CLEANSLATE_POSTGRES_BIN": system.path("bin"), "CLEANSLATE_POSTGRES_ROOT": "/srv/pg",
          "CLEANSLATE_POSTGRES_LINGER": "3",
        ]
        guard
          case .available(let configuration) = ThrowawayServer.availability(
            environment: environment)
        else {
          Issue.record("zero-config is not available")
          return
        }
        #expect(configuration.root.path == "/srv/pg")
        #expect(configuration.cache.path == "/srv/pg")
        #expect(configuration.linger == 3)
        #expect(configuration.binaries.directory.path == system.path("bin"))
      }
    }

    @Test func byDefaultTheRootIsInMemoryAndTheLingerTenSeconds() throws {
      try withFakeSystem { system in
        try system.install("bin")
        guard
          case .available(let configuration) = ThrowawayServer.availability(
            environment: ["CLEANSLATE_POSTGRES_BIN": system.path("bin")])
        else {
          Issue.record("zero-config is not available")
          return
        }
        #expect(configuration.root.lastPathComponent == "cleanslate-\(geteuid())-postgres")
        #if os(Linux)
          #expect(configuration.root.path.hasPrefix("/dev/shm/"))
        #endif
        #expect(configuration.linger == 10)
      }
    }

    @Test(.cleanSlate)
    func withoutMemoryTheRootIsInTheSharedTemporaryDirectoryNotTheProcesssOwn() async throws {
      // Given a process the sentinel gave a temporary directory of its own
      let shared = "/shared-\(UUID().uuidString.prefix(8))"
      try await use(
        .environment(["CLEANSLATE_SHARED_TMPDIR": shared, "TMPDIR": "/own-\(getpid())/tmp"]))

      // When the root is chosen where no memory file system is
      let root = ThrowawayServer.defaultRoot(memory: "/no-memory-\(UUID().uuidString)")

      // Then it is in the shared directory: the server outlives the process and its directory
      #expect(root.path == "\(shared)/cleanslate-\(geteuid())-postgres")
    }

    @Test func aTestProcessWithoutProgramsSkips() async throws {
      try await withEmptyDirectory { empty in
        // Given a test process whose environment names no server, with no PostgreSQL programs.
        var environment = environmentWithoutServer()
        environment["CLEANSLATE_POSTGRES_BIN"] = empty.path
        environment["CI"] = nil
        // When it decides whether to run its PostgreSQL tests.
        let outcome = try await HelperExecutable(named: "CleanSlatePostgresProbe").run(
          ["skip"], environment: environment)
        // Then it skips them, saying how to install PostgreSQL.
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.first == "skip")
        #expect(lines.last?.contains("apt-get install postgresql") == true)
      }
    }
  }

  /// Runs `body` with a new empty directory, removed afterwards.
  func withEmptyDirectory<R>(_ body: (URL) async throws -> R) async throws -> R {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cleanslate-empty-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
  }

  /// Runs `body` with a new empty directory, removed afterwards.
  func withEmptyDirectory<R>(_ body: (URL) throws -> R) throws -> R {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cleanslate-empty-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
  }
#endif
