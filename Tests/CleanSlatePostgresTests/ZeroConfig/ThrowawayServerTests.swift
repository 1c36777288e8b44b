#if Postgres
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import PostgresNIO
  import Testing

  @testable import CleanSlatePostgres

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Zero-config PostgreSQL: a server started on demand, tuned for tests, shared by the test
  /// processes that need it, and stopped once none does. Each test has a root of its own.
  @Suite(.cleanSlate, zeroConfigTests) struct ThrowawayServerTests {
    @Test(.fixtures(.zeroConfigRoot)) func startsALoopbackServerWithDurabilityOff() async throws {
      let root = try await use(.zeroConfigRoot)
      // When a process needs the server and none runs.
      let lease = try await root.acquire()
      // Then one was started under the root, on loopback, with durability off.
      let server = lease.server
      #expect(server.host == "127.0.0.1")
      let settings = try await withAdminConnection(on: server) { connection in
        try await connection.query(
          """
          SELECT current_setting('fsync'), current_setting('synchronous_commit'),
            current_setting('full_page_writes'), current_setting('listen_addresses'),
            current_setting('unix_socket_directories'), current_setting('data_directory')
          """, logger: Logger(label: "tests")
        ).collect().first?.decode((String, String, String, String, String, String).self)
      }
      #expect(settings?.0 == "off")
      #expect(settings?.1 == "off")
      #expect(settings?.2 == "off")
      #expect(settings?.3 == "127.0.0.1")
      #expect(settings?.4 == "")
      #expect(settings?.5.hasPrefix(root.url.path + "/server-") == true)
      // And it runs as this user, or, when the tests run as root, as an unprivileged one.
      let data = try FileManager.default.attributesOfItem(atPath: settings?.5 ?? "")
      let owner = (data[.ownerAccountID] as? NSNumber)?.uint32Value
      if geteuid() == 0 {
        #expect(owner != 0)
        #expect(owner == (try ServerAccount.forCurrentUser().uid))
      } else {
        #expect(owner == geteuid())
      }
    }

    @Test(.fixtures(.zeroConfigRoot)) func aSecondProcessReusesTheServer() async throws {
      let root = try await use(.zeroConfigRoot)
      try await root.seedCache()
      // Given a server this process started.
      let lease = try await root.acquire()
      // When another test process needs one.
      let probe = try await root.probe("exit")
      // Then it uses the same server, and no other was started.
      #expect(probe.port == lease.server.port)
      #expect(root.serverDirectories.map(\.path) == [probe.serverDirectory.path])
    }

    @Test(.fixtures(.zeroConfigRoot)) func processesStartedTogetherShareOneServer() async throws {
      let root = try await use(.zeroConfigRoot)
      try await root.seedCache()
      // When four test processes start at once, with no server running.
      let probes = try await withThrowingTaskGroup(of: ZeroConfigProbe.self) { group in
        for _ in 0..<4 { group.addTask { try await root.probe("wait") } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      // Then one server was started, and all four use it.
      #expect(Set(probes.map(\.dataDirectory)).count == 1)
      #expect(Set(probes.map(\.postmasterStart)).count == 1)
      #expect(root.serverDirectories.count == 1)
    }

    @Test(.fixtures(.zeroConfigRoot)) func theServerStaysUpWhileAProcessUsesIt() async throws {
      let root = try await use(.zeroConfigRoot)
      // Given a server this process uses, with no time to linger.
      let lease = try await root.acquire()
      let directory = try #require(root.serverDirectories.first)
      // When its supervisor has checked on it three times.
      let checks = await eventually { (supervisorChecks(in: directory)?.ticks ?? 0) >= 3 }
      #expect(checks)
      // Then it has never found it unused, and the server still answers.
      #expect(supervisorChecks(in: directory)?.idle == 0)
      let one = try await withAdminConnection(on: lease.server) { try await $0.integer("SELECT 1") }
      #expect(one == 1)
    }

    @Test(.fixtures(.zeroConfigRoot)) func stopsOnceTheLastProcessHasExited() async throws {
      let root = try await use(.zeroConfigRoot)
      try await root.seedCache()
      // Given a server a test process started, then exited.
      let probe = try await root.probe("exit")
      await probe.finish()
      let pid = probe.postmaster
      // Then its supervisor stops the server and removes its directory.
      #expect(await eventually { root.serverDirectories.isEmpty })
      #expect(await eventually { !isRunning(pid) })
      // And the cached cluster stays, for the next start.
      let cached = try FileManager.default.contentsOfDirectory(atPath: root.url.path)
      #expect(cached.contains { $0.hasPrefix("cluster-") })
    }

    @Test(.fixtures(.zeroConfigRoot)) func aFailingInitdbIsReportedWithItsOutput() async throws {
      let root = try await use(.zeroConfigRoot)
      // Given an initdb that fails.
      let programs = root.url.appendingPathComponent("programs")
      let system = FakeSystem(root: programs)
      try root.makeTraversable()
      try system.install(".", programs: ["postgres", "psql"])
      try system.install(
        ".", programs: ["initdb"], script: "echo 'initdb: error: disk on fire' >&2; exit 1")
      let server = ThrowawayServer(root.configuration(programs: programs))
      // When a process needs the server.
      let error = await #expect(throws: PostgresFixtureError.self) { try await server.acquire() }
      // Then the failure quotes initdb, and no half-made cluster is left.
      #expect(error?.message.contains("disk on fire") == true)
      let left = try FileManager.default.contentsOfDirectory(atPath: root.url.path)
      #expect(!left.contains { $0.hasPrefix("cluster-") || $0.hasPrefix("server-") })
    }

    @Test(.fixtures(.zeroConfigRoot)) func aServerThatDoesNotStartIsReportedWithItsLog()
      async throws
    {
      let root = try await use(.zeroConfigRoot)
      // Given a postgres that fails at once, after an initdb that works.
      let programs = root.url.appendingPathComponent("programs")
      let system = FakeSystem(root: programs)
      try root.makeTraversable()
      try system.install(".", programs: ["psql"])
      try system.install(
        ".", programs: ["initdb"],
        script:
          #"while [ "$1" != -D ]; do shift; done; echo 15 > "$2/PG_VERSION"; : > "$2/postgresql.conf""#
      )
      try system.install(
        ".", programs: ["postgres"], script: "echo 'FATAL:  the test says no' >&2; exit 1")
      let server = ThrowawayServer(root.configuration(programs: programs))
      // When a process needs the server.
      let error = await #expect(throws: PostgresFixtureError.self) { try await server.acquire() }
      // Then the failure quotes the server's log, and its directory is gone.
      #expect(error?.message.contains("the test says no") == true)
      #expect(root.serverDirectories.isEmpty)
    }
  }

  /// What a server's supervisor wrote after its last check: how many checks, and how many of
  /// the last ones in a row found the server unused.
  func supervisorChecks(in directory: URL) -> (ticks: Int, idle: Int)? {
    guard
      let text = try? String(
        contentsOf: directory.appendingPathComponent("supervisor"), encoding: .utf8)
    else { return nil }
    let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
  }

  extension ZeroConfigRoot {
    /// This root's configuration with other programs, and a cache of its own.
    func configuration(programs: URL) -> ThrowawayServer.Configuration {
      var configuration = configuration
      configuration.binaries = PostgresBinaries(
        directory: programs, psql: programs.appendingPathComponent("psql"))
      configuration.cache = url
      return configuration
    }

    /// Makes the root, passable by the server's account, before the test puts files in it.
    func makeTraversable() throws {
      try ThrowawayServer(configuration).makeDirectory(url, for: ServerAccount.forCurrentUser())
    }
  }
#endif
