#if Postgres
  internal import CleanSlate
  internal import Foundation
  internal import PostgresNIO

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The PostgreSQL server CleanSlate starts itself when the environment names none, shared by
  /// every test process of one user: zero-config PostgreSQL.
  ///
  /// Everything lives under one directory, the root (see ``Configuration``):
  ///
  /// ```
  /// lock            taken by a process that joins, starts or sweeps (flock: a dead holder's is freed)
  /// password        the superuser's password (0600), for the clusters of this cache
  /// cluster-<key>/  a cluster made once by initdb, copied for every new server (the cache)
  /// server-<id>/    one server: state (its processes), log, supervisor, data/ (its cluster)
  /// ```
  ///
  /// A process that needs the server takes the lock, sweeps what dead servers left, joins the
  /// live server if there is one (it takes a lease, see ``ServerSupervisor``), or else starts one
  /// (copy the cached cluster, start `postgres` on a free loopback port, start its supervisor),
  /// then releases the lock. So the processes of `swift test --parallel`, and a second
  /// `swift test` started meanwhile, all use one server; the supervisor stops it `linger`
  /// seconds after the last of them has exited (`keptLinger` when it holds a kept database).
  final class ThrowawayServer: Sendable {
    /// Where the server lives, what runs it, and how long it outlives its last user.
    struct Configuration: Sendable, Hashable {
      /// The directory of the servers and of their lock.
      var root: URL
      /// The directory of the cached cluster and of the password; by default, `root`.
      var cache: URL
      /// The programs.
      var binaries: PostgresBinaries
      /// How many seconds the server stays up with no process using it.
      var linger: Int
      /// How many seconds it stays up with no process using it while it holds a failed test's
      /// kept database (`cs_kept_…`), so that the command printed for it still opens it.
      var keptLinger: Int = ThrowawayServer.defaultKeptLinger
    }

    let configuration: Configuration

    init(_ configuration: Configuration) {
      self.configuration = configuration
    }

    /// How long a process waits for another one that holds the lock (starting a server, say).
    static let lockTimeout: Duration = .seconds(120)

    /// Joins the live server, or starts one; the lease keeps it up until released (or until this
    /// process exits).
    func acquire() async throws -> ThrowawayServerLease {
      let account = try ServerAccount.forCurrentUser()
      try makeDirectory(configuration.root, for: account)
      try makeDirectory(configuration.cache, for: account)
      let lock = try FileLock(at: configuration.root.appendingPathComponent("lock"))
      try await offThread { try lock.lock(timeout: Self.lockTimeout) }
      defer { lock.unlock() }
      let password = try self.password()
      for live in sweep(password: password) {
        // Joined before it is adopted, as a new server is (see `start`).
        let joined = await join(live.port, postmaster: live.postmaster, password: password)
        if !live.supervised {
          do {
            try await adopt(live, password: password)
          } catch {
            if case .joined(let lease) = joined { await lease.release() }
            throw error
          }
        }
        switch joined {
        case .joined(let lease):
          return lease
        case .stopping:
          await waitForExit(of: live.postmaster)
        case .unreachable:
          continue
        }
      }
      return try await start(as: account, password: password)
    }

    // MARK: - Joining

    /// What came of asking a server for a lease.
    enum JoinOutcome {
      case joined(ThrowawayServerLease)
      /// Its supervisor is stopping it.
      case stopping
      /// It did not accept a connection.
      case unreachable
    }

    /// How long taking a lease on a server that accepted the connection may take. A server that
    /// stops while it is asked (its supervisor found it unused a moment before) may leave the
    /// question unanswered for good: PostgresNIO does not always see such a connection close.
    /// Longer than the supervisor takes to kill a server that does not stop (21 s).
    static let joinLimit: Duration = .seconds(30)

    /// Connects to the server on `port` and takes a lease on it.
    func join(
      _ port: Int, postmaster: ProcessIdentity, password: String, limit: Duration = joinLimit
    ) async -> JoinOutcome {
      let server = PostgresTestServer(
        host: "127.0.0.1", port: port, username: "postgres", password: password,
        database: "postgres")
      guard let connection = try? await ServerSession.connect(to: server, database: "postgres")
      else { return .unreachable }
      return await lease(on: connection, of: server, postmaster: postmaster, limit: limit)
    }

    /// Takes a lease on the server `connection` is connected to; gives the connection up (and the
    /// server as unreachable) when the server has not answered within `limit`.
    func lease(
      on connection: PostgresConnection, of server: PostgresTestServer,
      postmaster: ProcessIdentity, limit: Duration
    ) async -> JoinOutcome {
      do {
        let leased = try await BoundedOperation.run(on: connection, limit: limit) { connection in
          try await connection.query(
            "SELECT pg_try_advisory_lock_shared(\(AdvisoryLock.serverLease), 0)",
            logger: .cleanSlate
          ).collect().first?.decode(Bool.self) ?? false
        }
        if leased {
          return .joined(
            ThrowawayServerLease(server: server, postmaster: postmaster, connection: connection))
        }
        await BoundedOperation.close(connection)
        return .stopping
      } catch {
        await BoundedOperation.close(connection)
        return .unreachable
      }
    }

    /// Waits (at most 30 s: its supervisor kills it by then) until a stopping server has exited.
    private func waitForExit(of postmaster: ProcessIdentity) async {
      let deadline = ContinuousClock.now + .seconds(30)
      while postmaster.isAlive && ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(10))
      }
    }

    // MARK: - Files

    /// The superuser's password of the cached clusters: made once, kept in the cache directory,
    /// readable by this user only. Roots that share a cache may make it at the same time: each
    /// writes its own and links it into place, and the first link wins.
    func password() throws -> String {
      let url = configuration.cache.appendingPathComponent("password")
      if let saved = try? String(contentsOf: url, encoding: .utf8), saved.count >= 32 {
        return saved.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      let fresh = (0..<4).map { _ in
        let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
      }.joined()
      let draft = url.appendingPathExtension(String(UInt32.random(in: 0...UInt32.max), radix: 16))
      guard
        FileManager.default.createFile(
          atPath: draft.path, contents: Data(fresh.utf8), attributes: [.posixPermissions: 0o600])
      else {
        throw PostgresFixtureError("Could not write \(draft.path): \(errnoDescription())")
      }
      defer { unlink(draft.path) }
      if link(draft.path, url.path) == 0 { return fresh }
      guard errno == EEXIST, let saved = try? String(contentsOf: url, encoding: .utf8) else {
        throw PostgresFixtureError("Could not write \(url.path): \(errnoDescription())")
      }
      return saved.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes a directory of this user's that the server's account can pass through (when it is
    /// another user) but no one else can write to, or checks that the existing one is such a
    /// directory: not a link, owned by this user.
    func makeDirectory(_ url: URL, for account: ServerAccount) throws {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let mode: mode_t = account.isOtherUser ? 0o711 : 0o700
      if mkdir(url.path, mode) == 0 {
        chmod(url.path, mode)  // past the umask
        return
      }
      guard errno == EEXIST else {
        throw PostgresFixtureError("Could not create \(url.path): \(errnoDescription())")
      }
      var info = stat()
      guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
        info.st_uid == geteuid(), info.st_mode & 0o022 == 0
      else {
        throw PostgresFixtureError(
          "\(url.path) is not a private directory of this user (a link, someone else's, or writable by others): remove it, or set CLEANSLATE_POSTGRES_ROOT to another directory."
        )
      }
      if info.st_mode & 0o777 != mode { chmod(url.path, mode) }
    }
  }

  /// A test process's claim on a throwaway server: while its connection holds the lease, the
  /// server's supervisor does not stop the server.
  struct ThrowawayServerLease: Sendable {
    /// The server, as the fixtures connect to it.
    let server: PostgresTestServer
    /// The server's postmaster.
    let postmaster: ProcessIdentity
    /// The connection that holds the lease.
    let connection: PostgresConnection

    /// Whether the lease still holds (its connection is open).
    var isHeld: Bool { !connection.isClosed }

    /// Gives the lease back: the supervisor may stop the server once no one else holds one.
    func release() async {
      await BoundedOperation.close(connection)
    }
  }
#endif
