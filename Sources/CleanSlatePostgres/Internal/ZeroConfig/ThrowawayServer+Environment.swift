#if Postgres
  internal import CleanSlate
  internal import Foundation

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  extension ThrowawayServer {
    /// Whether zero-config PostgreSQL can run here.
    enum Availability: Equatable {
      case available(Configuration)
      /// `CLEANSLATE_POSTGRES=off`.
      case off
      /// No PostgreSQL programs were found.
      case noBinaries
    }

    /// How many seconds a server stays up after its last user, unless `CLEANSLATE_POSTGRES_LINGER`
    /// says otherwise: long enough for the next test process of a run (`swift test` runs XCTest
    /// and Swift Testing in two), short enough not to keep an unused server around.
    static let defaultLinger = 10

    /// How many seconds a server that holds a failed test's kept database stays up after its last
    /// user, unless `CLEANSLATE_POSTGRES_KEPT_LINGER` says otherwise: time to open the database
    /// with the command printed for it after the run.
    static let defaultKeptLinger = 900

    /// Reads the configuration from `environment`: `CLEANSLATE_POSTGRES` (`off` turns zero-config
    /// off), `CLEANSLATE_POSTGRES_BIN`, `CLEANSLATE_POSTGRES_ROOT`, `CLEANSLATE_POSTGRES_LINGER`
    /// and `CLEANSLATE_POSTGRES_KEPT_LINGER`.
    static func availability(
      environment: [String: String], search: PostgresBinaries.SearchPath = .init()
    ) -> Availability {
      let switchValue = environment["CLEANSLATE_POSTGRES"]?.lowercased() ?? ""
      if ["off", "0", "false", "no"].contains(switchValue) { return .off }
      guard let binaries = PostgresBinaries.find(environment: environment, search: search) else {
        return .noBinaries
      }
      let root =
        environment["CLEANSLATE_POSTGRES_ROOT"].flatMap { $0.isEmpty ? nil : $0 }
        .map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultRoot()
      let seconds = { (name: String) in environment[name].flatMap(Int.init).map { max(0, $0) } }
      return .available(
        Configuration(
          root: root, cache: root, binaries: binaries,
          linger: seconds("CLEANSLATE_POSTGRES_LINGER") ?? defaultLinger,
          keptLinger: seconds("CLEANSLATE_POSTGRES_KEPT_LINGER") ?? defaultKeptLinger))
    }

    /// `cleanslate-<uid>-postgres` in `memory` (`/dev/shm`) when it has a gigabyte free, or else
    /// in the shared temporary directory: the server outlives the test process that starts it,
    /// and its temporary directory when the sentinel gives it one of its own.
    static func defaultRoot(memory: String = "/dev/shm") -> URL {
      let name = "cleanslate-\(geteuid())-postgres"
      var info = statvfs()
      if statvfs(memory, &info) == 0,
        UInt64(info.f_bavail) * UInt64(info.f_frsize) >= 1 << 30
      {
        return URL(fileURLWithPath: memory, isDirectory: true)
          .appendingPathComponent(name, isDirectory: true)
      }
      return ProcessTemporaryDirectory.sharedURL.appendingPathComponent(name, isDirectory: true)
    }

    // MARK: - This process's lease

    private static let leases = LockedValue<[Configuration: Task<ThrowawayServerLease, any Error>]>(
      [:])

    /// The throwaway servers this process leased, by description, with how long each stays up
    /// after its last user while it holds a kept database.
    private static let leased = LockedValue<[String: Int]>([:])

    /// How many seconds `server` stays up after its last test process while it holds a kept
    /// database, if it is a throwaway server this process leased; `nil` for a named server.
    static func keptLinger(of server: PostgresTestServer) -> Int? {
      leased.withLock { $0[server.description] }
    }

    /// The server of `configuration`, joined or started once per process: the first caller takes
    /// a lease, held until the process exits; later callers share it, and take a new one if the
    /// server went away.
    static func leasedServer(_ configuration: Configuration) async throws -> PostgresTestServer {
      for _ in 0..<2 {
        let task = leases.withLock { leases in
          if let task = leases[configuration] { return task }
          let task = Task { try await ThrowawayServer(configuration).acquire() }
          leases[configuration] = task
          return task
        }
        do {
          let lease = try await task.value
          if lease.isHeld {
            leased.withLock { $0[lease.server.description] = configuration.keptLinger }
            return lease.server
          }
        } catch {
          forget(task, of: configuration)
          throw error
        }
        forget(task, of: configuration)
      }
      throw PostgresFixtureError(
        "The throwaway PostgreSQL server under \(configuration.root.path) went away as it was joined."
      )
    }

    private static func forget(
      _ task: Task<ThrowawayServerLease, any Error>, of configuration: Configuration
    ) {
      leases.withLock { leases in
        if leases[configuration] == task { leases[configuration] = nil }
      }
    }
  }
#endif
