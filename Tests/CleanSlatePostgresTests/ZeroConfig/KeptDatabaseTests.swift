#if Postgres
  import CleanSlate
  import CleanSlateChildProcess
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import PostgresNIO
  import Testing

  @testable import CleanSlatePostgres

  /// A failed test's kept database opens with the command CleanSlate printed for it, as printed,
  /// once the test process has ended.
  @Suite(.cleanSlate, zeroConfigTests) struct KeptDatabaseTests {
    @Test(.fixtures(.zeroConfigRoot))
    func theThrowawayServerKeepsAKeptDatabaseOpenForThePrintedCommand() async throws {
      let root = try await use(.zeroConfigRoot)
      try await root.seedCache()
      // Given a test process, alone on its throwaway server (which lingers 0 s), whose failed
      // test kept its database, and which has exited.
      var environment = root.environment
      environment["CLEANSLATE_POSTGRES_KEPT_LINGER"] = "120"
      let probe = try await HelperExecutable(named: "CleanSlatePostgresProbe").run(
        ["keep"], environment: environment)
      #expect(probe.status == 0, "\(probe.standardError)")
      let printed = try #require(
        probe.standardError.firstMatch(
          of: /kept the database of failed test .*: (cs_kept_\w+); open it with: (psql '[^']+')/),
        "\(probe.standardError)")
      let password = try ThrowawayServer(root.configuration).password()
      #expect(printed.2.contains(":\(password)@127.0.0.1:"))
      // When the server has had no test process for longer than it lingers.
      let server = try #require(root.serverDirectories.first)
      #expect(await eventually { supervisorIdleTicks(in: server) >= 3 })
      // Then the printed command, run as printed in a child process, opens the kept database
      // with what the test left in it.
      let opened = try await ChildProcess(
        "/bin/sh", ["-c", "\(printed.2) -X -A -t -c 'SELECT text FROM notes'"],
        environment: [
          "PATH":
            "/usr/bin:/bin:\(root.configuration.binaries.psql.deletingLastPathComponent().path)"
        ]
      ).run(combiningErrorWithOutput: true)
      #expect(opened.succeeded, "\(opened.standardOutput)")
      #expect(
        opened.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "left behind")
      // And once it is dropped, the server stops as it would have.
      let lease = try await root.acquire()
      try await withAdminConnection(on: lease.server) { admin in
        try await admin.query(
          PostgresQuery(unsafeSQL: "DROP DATABASE \"\(printed.1)\""), logger: .cleanSlate)
      }
    }
  }

  /// A run that asks to keep nothing of a failed test (`CLEANSLATE_KEEP_FAILED=0`, as the
  /// experiments of `cleanslate test --explain` run) keeps no database either.
  @Suite(.cleanSlate, zeroConfigTests) struct KeepNothingTests {
    @Test(.fixtures(.zeroConfigRoot))
    func aRunThatKeepsNothingDropsAFailedTestsDatabase() async throws {
      let root = try await use(.zeroConfigRoot)
      try await root.seedCache()
      // Given a test process, alone on its throwaway server, whose test fails, run with
      // CLEANSLATE_KEEP_FAILED=0
      var environment = root.environment
      environment["CLEANSLATE_POSTGRES_KEPT_LINGER"] = "120"
      environment["CLEANSLATE_KEEP_FAILED"] = "0"
      let probe = try await HelperExecutable(named: "CleanSlatePostgresProbe").run(
        ["keep"], environment: environment)

      // Then it printed no kept database, and the server holds none
      #expect(probe.status == 0, "\(probe.standardError)")
      #expect(!probe.standardError.contains("kept the database"), "\(probe.standardError)")
      let lease = try await root.acquire()
      let kept = try await withAdminConnection(on: lease.server) { admin in
        try await admin.strings("SELECT datname FROM pg_database WHERE datname LIKE 'cs_kept_%'")
      }
      #expect(kept.isEmpty, "\(kept)")
    }
  }

  /// How many checks in a row the supervisor of the server in `directory` found no test process.
  func supervisorIdleTicks(in directory: URL) -> Int {
    let line = try? String(
      contentsOf: directory.appendingPathComponent("supervisor"), encoding: .utf8)
    return line.flatMap {
      Int($0.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    } ?? 0
  }
#endif
