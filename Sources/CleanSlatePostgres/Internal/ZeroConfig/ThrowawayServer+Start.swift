#if Postgres
  internal import CleanSlate
  internal import CleanSlateChildProcess
  internal import Foundation

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  extension ThrowawayServer {
    /// The settings of every throwaway server: loopback only, no Unix socket, durability off
    /// (a crash loses the data, which a test server never needs again), room for many test
    /// processes' connections. On Linux, its dynamic shared memory is files in its data directory
    /// (in memory, with the rest), so that a server killed with `SIGKILL` leaves none behind in
    /// `/dev/shm` once its directory is swept.
    static let settings: String = {
      var settings = """

        # CleanSlate: a throwaway server for tests
        listen_addresses = '127.0.0.1'
        unix_socket_directories = ''
        fsync = off
        synchronous_commit = off
        full_page_writes = off
        wal_level = minimal
        max_wal_senders = 0
        max_connections = 1000
        checkpoint_timeout = 30min
        max_wal_size = 1GB

        """
      #if os(Linux)
        settings += "dynamic_shared_memory_type = mmap\n"
      #endif
      return settings
    }()

    /// Starts a new server under the root, and takes a lease on it. Call it holding the lock.
    func start(as account: ServerAccount, password: String) async throws -> ThrowawayServerLease {
      let cluster = try await cachedCluster(as: account, password: password)
      let directory = configuration.root.appendingPathComponent(
        "server-" + String(UInt32.random(in: 0...UInt32.max), radix: 16), isDirectory: true)
      try makeDirectory(directory, for: account)
      let data = directory.appendingPathComponent("data", isDirectory: true)
      let copy = try await ChildProcess("/bin/cp", ["-Rp", cluster.path, data.path])
        .run(combiningErrorWithOutput: true)
      guard copy.succeeded else {
        try? FileManager.default.removeItem(at: directory)
        throw PostgresFixtureError(
          "Could not copy the cached PostgreSQL cluster \(cluster.path): \(copy.standardOutput)")
      }
      var attempt = 0
      while true {
        attempt += 1
        let port = try Self.freePort()
        let postmaster: ProcessIdentity
        do {
          postmaster = try await launch(data: data, port: port, as: account, in: directory)
        } catch let failure as LaunchFailure where failure.portTaken && attempt < 5 {
          continue  // another program took the port between our look and the server's bind
        } catch let failure as LaunchFailure {
          try? FileManager.default.removeItem(at: directory)
          throw PostgresFixtureError(
            "The throwaway PostgreSQL server (\(configuration.binaries.postgres.path)) did not start: \(failure.log)"
          )
        }
        // The lease before the supervisor, which stops a server no process uses: on a busy
        // machine its first look could come before this join is done.
        let joined = await join(port, postmaster: postmaster, password: password)
        do {
          let supervisor = try await ServerSupervisor.start(
            postmaster: postmaster.pid, directory: directory, port: port,
            linger: configuration.linger, keptLinger: configuration.keptLinger,
            psql: configuration.binaries.psql, password: password)
          try Self.write(
            ServerRecord(postmaster: "\(postmaster)", supervisor: "\(supervisor)"), in: directory)
        } catch {
          if case .joined(let lease) = joined { await lease.release() }
          throw error
        }
        guard case .joined(let lease) = joined else {
          throw PostgresFixtureError(
            "The throwaway PostgreSQL server started on 127.0.0.1:\(port) refused a connection; its log is \(directory.appendingPathComponent("log").path)."
          )
        }
        return lease
      }
    }

    /// Why `postgres` did not start.
    struct LaunchFailure: Error {
      /// The end of its log.
      let log: String
      /// Whether it could not listen on its port because something else does.
      var portTaken: Bool { log.contains("could not bind") || log.contains("already in use") }
    }

    /// Starts `postgres` on `data` and waits until it is ready, at most a minute.
    private func launch(
      data: URL, port: Int, as account: ServerAccount, in directory: URL
    ) async throws -> ProcessIdentity {
      let logURL = directory.appendingPathComponent("log")
      guard
        FileManager.default.createFile(
          atPath: logURL.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else {
        throw LaunchFailure(log: "could not create \(logURL.path): \(errnoDescription())")
      }
      let command =
        account.commandPrefix + [
          configuration.binaries.postgres.path, "-D", data.path, "-p", "\(port)",
        ]
      let pid: pid_t
      do {
        pid = try await ChildProcess(
          command: command, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        ).startDetached(appendingOutputTo: logURL.path)
      } catch {
        throw LaunchFailure(log: "could not run \(command[0]): \(error)")
      }
      // The shell started the command prefix (setpriv), which became postgres: the same pid.
      for _ in 0..<30_000 {
        if let file = PostmasterFile(data: data), file.isReady {
          return ProcessIdentity(
            pid: file.pid, startTime: ProcessIdentity.startTime(of: file.pid) ?? 0)
        }
        if !ChildProcess.isRunning(pid) { break }
        try? await Task.sleep(for: .milliseconds(2))
      }
      if ChildProcess.isRunning(pid) { kill(pid, SIGINT) }
      let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
      throw LaunchFailure(
        log: text.isEmpty ? "it printed nothing" : String(text.suffix(2_000)))
    }

    /// A TCP port on the loopback address that nothing listens on now.
    static func freePort() throws -> Int {
      #if canImport(Darwin)
        let socketType = SOCK_STREAM
      #else
        let socketType = Int32(SOCK_STREAM.rawValue)
      #endif
      let descriptor = socket(AF_INET, socketType, 0)
      guard descriptor >= 0 else {
        throw PostgresFixtureError("Could not open a socket: \(errnoDescription())")
      }
      defer { close(descriptor) }
      var address = sockaddr_in()
      #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
      }
      guard bound else {
        throw PostgresFixtureError("Could not find a free port: \(errnoDescription())")
      }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    // MARK: - The cached cluster

    /// The name of the cached cluster for these programs, these settings and this password (a
    /// new password, should its file be lost, makes a new cluster rather than one no one can
    /// log into).
    func clusterName(password: String) -> String {
      var hasher = FNVHasher()
      hasher.combine("cleanslate-postgres-cluster-1")
      let postgres = configuration.binaries.postgres.resolvingSymlinksInPath().path
      hasher.combine(postgres)
      let attributes = try? FileManager.default.attributesOfItem(atPath: postgres)
      hasher.combine("\(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? 0)")
      hasher.combine(Self.settings)
      hasher.combine(password)
      return "cluster-\(hasher.hex)"
    }

    /// The cached cluster, made with `initdb` first if there is none yet (about a second, once):
    /// made under a name of its own and renamed when complete, so that a cluster by its name is
    /// always whole.
    func cachedCluster(as account: ServerAccount, password: String) async throws -> URL {
      let cluster = configuration.cache.appendingPathComponent(
        clusterName(password: password), isDirectory: true)
      if FileManager.default.fileExists(atPath: cluster.appendingPathComponent("PG_VERSION").path) {
        return cluster
      }
      let building = cluster.appendingPathExtension(
        String(UInt32.random(in: 0...UInt32.max), radix: 16))
      guard mkdir(building.path, 0o700) == 0 else {
        throw PostgresFixtureError("Could not create \(building.path): \(errnoDescription())")
      }
      do {
        try account.own(building)
        try await initdb(building, as: account, password: password)
        let settings = try FileHandle(
          forWritingTo: building.appendingPathComponent("postgresql.conf"))
        settings.seekToEndOfFile()
        settings.write(Data(Self.settings.utf8))
        try settings.close()
      } catch {
        try? FileManager.default.removeItem(at: building)
        throw error
      }
      if rename(building.path, cluster.path) != 0 {
        // Another root sharing this cache made it first.
        try? FileManager.default.removeItem(at: building)
      }
      return cluster
    }

    private func initdb(_ data: URL, as account: ServerAccount, password: String) async throws {
      // The password goes through a file of the account's own, next to the cluster: initdb reads
      // it as that user, and a pipe to a program that already failed would raise SIGPIPE here.
      let passwordFile = data.appendingPathExtension("password")
      guard
        FileManager.default.createFile(
          atPath: passwordFile.path, contents: Data((password + "\n").utf8),
          attributes: [.posixPermissions: 0o600])
      else {
        throw PostgresFixtureError("Could not write \(passwordFile.path): \(errnoDescription())")
      }
      defer { try? FileManager.default.removeItem(at: passwordFile) }
      try account.own(passwordFile)
      var locales = ["C"]
      #if os(Linux)
        locales.insert("C.UTF-8", at: 0)
      #endif
      var output = ""
      for locale in locales {
        let command =
          account.commandPrefix + [
            configuration.binaries.initdb.path, "-D", data.path, "-U", "postgres", "-E", "UTF8",
            "--locale=\(locale)", "--auth=password", "--pwfile=\(passwordFile.path)", "--no-sync",
            "--wal-segsize=1",
          ]
        let outcome = try await ChildProcess(
          command: command, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        ).run(combiningErrorWithOutput: true)
        if outcome.succeeded { return }
        output = outcome.standardOutput
        guard output.contains("locale") else { break }
        try? FileManager.default.removeItem(at: data)
        guard mkdir(data.path, 0o700) == 0 else { break }
        try account.own(data)
      }
      throw PostgresFixtureError(
        "initdb (\(configuration.binaries.initdb.path)) failed: \(output.suffix(2_000))")
    }
  }
#endif
