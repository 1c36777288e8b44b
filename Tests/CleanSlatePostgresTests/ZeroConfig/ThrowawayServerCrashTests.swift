#if Postgres
  import CleanSlate
  import CleanSlateChildProcess
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

  /// A killed test process, server or supervisor leaves nothing that breaks the next run: what
  /// is left is swept, stopped or taken over by the next process that needs the server.
  @Suite(.cleanSlate, zeroConfigTests) struct ThrowawayServerCrashTests {
    @Test(.fixtures(.zeroConfigRoot)) func aKilledTestProcessLeavesNoServerBehind() async throws {
      let root = try await use(.zeroConfigRoot)
      try await root.seedCache()
      // Given a test process that started the server, then was killed with SIGKILL.
      let probe = try await root.probe("crash")
      #expect(probe.killedBySIGKILL)
      let pid = probe.postmaster
      // Then the server notices its lease is gone, and its supervisor stops and removes it.
      #expect(await eventually { root.serverDirectories.isEmpty })
      #expect(await eventually { !isRunning(pid) })
      // And the next process starts a new one.
      let lease = try await root.acquire()
      #expect(
        try await withAdminConnection(on: lease.server) { try await $0.integer("SELECT 1") } == 1)
    }

    @Test(.fixtures(.zeroConfigRoot)) func aKilledServerIsSweptByTheNextProcess() async throws {
      let root = try await use(.zeroConfigRoot)
      // Given a server killed with SIGKILL, together with its supervisor.
      let first = try await root.acquire()
      let killed = try #require(root.serverDirectories.first)
      let record = try #require(ThrowawayServer.record(in: killed))
      let supervisor = try #require(ProcessIdentity(directoryName: record.supervisor))
      let sharedMemory = PostmasterFile(data: killed.appendingPathComponent("data"))?
        .sharedMemoryID
      try #require(first.postmaster.pid > 0)
      kill(supervisor.pid, SIGKILL)
      kill(first.postmaster.pid, SIGKILL)
      #expect(await eventually { !isRunning(first.postmaster.pid) && !isRunning(supervisor.pid) })
      await first.release()
      // When the next process needs the server.
      let next = try await root.acquire()
      // Then the killed server's directory was swept, with the shared memory it left, and a new
      // server runs.
      #expect(root.serverDirectories.count == 1)
      #expect(root.serverDirectories.first?.path != killed.path)
      if let sharedMemory {
        var info = shmid_ds()
        #expect(shmctl(sharedMemory, IPC_STAT, &info) != 0)
      }
      #expect(
        try await withAdminConnection(on: next.server) { try await $0.integer("SELECT 1") } == 1)
    }

    @Test(.fixtures(.zeroConfigRoot)) func aLeaseTheServerNeverAnswersIsGivenUpNotAwaited()
      async throws
    {
      let root = try await use(.zeroConfigRoot)
      // Given a server whose connection's backend stops answering after it accepted the
      // connection (as a server stopped by its supervisor at that moment may)
      let first = try await root.acquire()
      let connection = try await ServerSession.connect(to: first.server, database: "postgres")
      let backend = try #require(
        try await connection.query("SELECT pg_backend_pid()", logger: .cleanSlate).collect()
          .first?.decode(Int32.self))
      kill(backend, SIGSTOP)
      defer { kill(backend, SIGCONT) }

      // When a process asks it for a lease
      let outcome = await ThrowawayServer(root.configuration).lease(
        on: connection, of: first.server, postmaster: first.postmaster, limit: .seconds(1))

      // Then it gives the server up as unreachable instead of waiting for an answer forever, and
      // closes the connection
      guard case .unreachable = outcome else {
        Issue.record("expected the server to be given up, got \(outcome)")
        return
      }
      #expect(connection.isClosed)
    }

    @Test(.fixtures(.zeroConfigRoot)) func aServerWhoseSupervisorDiedIsTakenOver() async throws {
      let root = try await use(.zeroConfigRoot)
      // Given a server whose supervisor was killed, leaving the server running unsupervised.
      let first = try await root.acquire()
      let directory = try #require(root.serverDirectories.first)
      let killed = try #require(ThrowawayServer.record(in: directory)?.supervisor)
      let supervisor = try #require(ProcessIdentity(directoryName: killed))
      kill(supervisor.pid, SIGKILL)
      #expect(await eventually { !isRunning(supervisor.pid) })
      await first.release()
      // When the next process needs the server.
      let next = try await root.acquire()
      // Then it uses the same server, under a new supervisor.
      #expect(next.postmaster == first.postmaster)
      let adopted = try #require(ThrowawayServer.record(in: directory)?.supervisor)
      #expect(adopted != killed)
      #expect(ProcessIdentity(directoryName: adopted)?.isAlive == true)
      // And once it lets go, the new supervisor stops the server.
      await next.release()
      #expect(await eventually { root.serverDirectories.isEmpty })
    }

    @Test(
      .fixtures(.zeroConfigRoot),
      .enabled(
        if: geteuid() == 0 && getpwnam("postgres") != nil
          && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
        "Needs root, a postgres user and setpriv"))
    func aRegularUserRunsTheServerAsItself() async throws {
      // Given a root that belongs to a regular user (the postgres user, here).
      let scope = try await use(.zeroConfigRoot)
      let user = try #require(getpwnam("postgres")).pointee
      try scope.makeTraversable()
      let root = scope.url.appendingPathComponent("regular")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
      chown(root.path, user.pw_uid, user.pw_gid)
      var environment = scope.environment
      environment["CLEANSLATE_POSTGRES_ROOT"] = root.appendingPathComponent("root").path
      environment["HOME"] = root.path
      // When a test process of that user needs the server.
      let probe = try await ZeroConfigProbe.start(
        "exit", environment: environment,
        as: [
          "/usr/bin/setpriv", "--reuid=\(user.pw_uid)", "--regid=\(user.pw_gid)", "--init-groups",
        ])
      await probe.finish()
      // Then it started one, running as that user, under its root.
      #expect(probe.ended == .exited(0))
      #expect(probe.dataDirectory.hasPrefix(root.path))
      let owner =
        try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("root").path)[
          .ownerAccountID] as? NSNumber
      #expect(owner?.uint32Value == user.pw_uid)
      // And its supervisor stops it once that process has exited.
      #expect(
        await eventually {
          let names =
            (try? FileManager.default.contentsOfDirectory(
              atPath: root.appendingPathComponent("root").path)) ?? []
          return !names.contains { $0.hasPrefix("server-") }
        })
    }
  }
#endif
