#if Postgres
  import CleanSlate
  import CleanSlateChildProcess
  import CleanSlateTestSupport
  import Foundation
  import Testing

  @testable import CleanSlatePostgres

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The environment this process started with, without any PostgreSQL server named, nor
  /// zero-config settings: what a developer's `swift test` sees.
  func environmentWithoutServer() -> [String: String] {
    var environment = StartingEnvironment.variables
    for name in [
      "CLEANSLATE_POSTGRES_URL", "PGHOST", "PGPORT", "PGUSER", "PGPASSWORD", "PGDATABASE",
      "CLEANSLATE_POSTGRES", "CLEANSLATE_POSTGRES_ROOT", "CLEANSLATE_POSTGRES_LINGER",
    ] {
      environment[name] = nil
    }
    return environment
  }

  /// The zero-config configuration of a developer's `swift test` here, if PostgreSQL's programs
  /// are installed.
  let developerConfiguration: ThrowawayServer.Configuration? = {
    guard
      case .available(let configuration) = ThrowawayServer.availability(
        environment: environmentWithoutServer())
    else { return nil }
    return configuration
  }()

  /// Whether the tests that start real servers run: PostgreSQL's programs are installed, or the
  /// run is on CI, where they must be (and these tests then fail instead of skipping).
  let zeroConfigTests = ConditionTrait.enabled(
    if: developerConfiguration != nil || ProcessInfo.processInfo.environment["CI"] == "true",
    "No PostgreSQL programs installed (apt-get install postgresql)")

  /// A root of its own for one test, beside the real one (in memory when there is room), with
  /// servers that stop as soon as no one uses them (linger 0). Its servers share the real
  /// root's cached cluster, so that only the first start of a run pays for initdb.
  final class ZeroConfigRoot: Sendable {
    let url: URL
    let configuration: ThrowawayServer.Configuration
    private let leases = Box<[ThrowawayServerLease]>([])
    private let probes = Box<[ZeroConfigProbe]>([])

    init() throws {
      let developer = try #require(developerConfiguration, "No PostgreSQL programs installed")
      let parent = developer.root.deletingLastPathComponent()
      Self.sweepStaleRoots(in: parent)
      url = parent.appendingPathComponent(
        "\(Self.prefix)\(UUID().uuidString.prefix(8))", isDirectory: true)
      configuration = ThrowawayServer.Configuration(
        root: url, cache: developer.root, binaries: developer.binaries, linger: 0)
    }

    private static let prefix = "cleanslate-\(geteuid())-postgres-test-"

    /// Removes the roots that killed test runs left (with a copy of the cached cluster each):
    /// those an hour old with no server left in them.
    private static func sweepStaleRoots(in parent: URL) {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
      for name in names where name.hasPrefix(prefix) {
        let url = parent.appendingPathComponent(name, isDirectory: true)
        let modified =
          (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        guard let modified, modified.timeIntervalSinceNow < -3_600,
          !entries.contains(where: { $0.hasPrefix("server-") })
        else { continue }
        try? FileManager.default.removeItem(at: url)
      }
    }

    /// The environment of a test process that uses this root.
    var environment: [String: String] {
      var environment = environmentWithoutServer()
      environment["CLEANSLATE_POSTGRES_ROOT"] = url.path
      environment["CLEANSLATE_POSTGRES_LINGER"] = "0"
      return environment
    }

    /// Joins or starts this root's server from this process (with another configuration of it,
    /// if given); the lease is released at the end of the test.
    func acquire(
      _ configuration: ThrowawayServer.Configuration? = nil
    ) async throws -> ThrowawayServerLease {
      let lease = try await ThrowawayServer(configuration ?? self.configuration).acquire()
      leases.value.append(lease)
      return lease
    }

    /// Copies the cached cluster and its password into the root, where a probe (whose cache is
    /// its root) finds them, so that it skips initdb.
    func seedCache() async throws {
      let server = ThrowawayServer(configuration)
      let account = try ServerAccount.forCurrentUser()
      try server.makeDirectory(url, for: account)
      try server.makeDirectory(configuration.cache, for: account)
      let password = try server.password()
      let cluster = try await server.cachedCluster(as: account, password: password)
      let copy = try await ChildProcess("/bin/cp", ["-Rp", cluster.path, url.path])
        .run(combiningErrorWithOutput: true)
      #expect(copy.succeeded, "\(copy.standardOutput)")
      try Data(password.utf8).write(to: url.appendingPathComponent("password"))
      chmod(url.appendingPathComponent("password").path, 0o600)
    }

    /// Starts a probe that uses this root.
    func probe(_ mode: String) async throws -> ZeroConfigProbe {
      let probe = try await ZeroConfigProbe.start(mode, environment: environment)
      probes.value.append(probe)
      return probe
    }

    /// The directories of the servers under the root (live or not yet swept).
    var serverDirectories: [URL] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter { $0.hasPrefix("server-") }.sorted().map {
        url.appendingPathComponent($0, isDirectory: true)
      }
    }

    /// Releases the leases, ends the probes, waits until the servers have stopped (their
    /// supervisors remove their directories), then removes the root.
    func tearDown() async {
      for lease in leases.value { await lease.release() }
      for probe in probes.value { await probe.finish() }
      _ = await eventually(timeout: .seconds(30)) { self.serverDirectories.isEmpty }
      try? FileManager.default.removeItem(at: url)
    }
  }

  extension Fixture where Value == ZeroConfigRoot {
    /// A zero-config root for one test, torn down when it ends.
    static let zeroConfigRoot = Fixture("zero-config root") { context in
      let root = try ZeroConfigRoot()
      context.addTeardown(timeout: .seconds(60)) { await root.tearDown() }
      return root
    }
  }

  /// A `CleanSlatePostgresProbe` process: a test process of its own that took the server.
  struct ZeroConfigProbe: Sendable {
    let running: ChildProcess.Running
    /// The server it printed.
    let port: Int
    let dataDirectory: String
    let postmasterStart: String
    /// The postmaster's pid, read while the probe used the server.
    let postmaster: Int32

    /// How it ended, once it has.
    var ended: ChildProcess.Termination? { running.ended }
    var killedBySIGKILL: Bool { running.ended == .signalled(SIGKILL) }

    /// The server's directory under the root (`data`'s parent).
    var serverDirectory: URL {
      URL(fileURLWithPath: dataDirectory, isDirectory: true).deletingLastPathComponent()
    }

    /// Starts the probe (through `prefix`, if given) and waits until it printed its server (and,
    /// for `crash`, died).
    static func start(
      _ mode: String, environment: [String: String], as prefix: [String] = []
    ) async throws -> ZeroConfigProbe {
      let running = try await HelperExecutable(named: "CleanSlatePostgresProbe").start(
        [mode], environment: environment, in: URL(fileURLWithPath: "/"), through: prefix)
      let line = await running.firstLine()
      if mode == "crash" { try await running.wait() }
      let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, let port = Int(fields[0]), let postmaster = Int32(fields[4]) else {
        _ = try? await running.finish()
        throw ProbeFailed(output: line, errors: await running.errorOutput())
      }
      return ZeroConfigProbe(
        running: running, port: port, dataDirectory: fields[1], postmasterStart: fields[2],
        postmaster: postmaster)
    }

    /// Lets a waiting probe exit, and waits for it.
    func finish() async {
      _ = try? await running.finish()
    }
  }

  /// A probe did not print its server.
  struct ProbeFailed: Error, CustomStringConvertible {
    var output: String
    var errors: String
    var description: String { "The probe printed '\(output)'; its errors: \(errors)" }
  }

  /// Waits until `condition` holds, checking every 20 ms, at most `timeout`; returns whether it
  /// held. For what another process does in its own time (a supervisor's stop), never a bound
  /// on how fast something is.
  func eventually(
    timeout: Duration = .seconds(30), _ condition: @Sendable () async -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
  }

  /// Whether a process with this pid runs (or has not been reaped).
  func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
#endif
