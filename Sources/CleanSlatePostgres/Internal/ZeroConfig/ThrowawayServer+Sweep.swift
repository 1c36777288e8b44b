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
    /// A server found under the root whose postmaster is running and ready.
    struct LiveServer {
      let directory: URL
      let postmaster: ProcessIdentity
      let port: Int
      /// Whether its supervisor is running.
      let supervised: Bool
    }

    /// What CleanSlate records about a server it started, in `server-<id>/state`.
    struct ServerRecord: Codable {
      /// The postmaster, as `<pid>-<start time>` (see `ProcessIdentity`).
      var postmaster: String
      /// The supervisor, likewise.
      var supervisor: String
    }

    /// Removes what dead servers left under the root, and returns the live ones, newest first.
    ///
    /// A server's directory is removed when neither its postmaster nor its supervisor is running
    /// (a process is told apart from a later one with the same pid by its start time): a server
    /// killed with its supervisor, or a start that died half-way. One whose supervisor is still
    /// running is left to it (it removes the directory itself once the server has exited). Call
    /// it holding the root's lock, so that no server is starting meanwhile.
    func sweep(password: String) -> [LiveServer] {
      let root = configuration.root
      let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
      var live: [(server: LiveServer, started: String)] = []
      for name in names where name.hasPrefix("server-") {
        let directory = root.appendingPathComponent(name, isDirectory: true)
        let record = Self.record(in: directory)
        let supervisor = record.flatMap { ProcessIdentity(directoryName: $0.supervisor) }
        let file = PostmasterFile(data: directory.appendingPathComponent("data"))
        let postmaster = file.flatMap { file in
          record.flatMap { ProcessIdentity(directoryName: $0.postmaster) }
            .flatMap { $0.pid == file.pid ? $0 : nil }
            ?? ProcessIdentity(
              pid: file.pid, startTime: ProcessIdentity.startTime(of: file.pid) ?? 0)
        }
        let postmasterAlive = postmaster?.isAlive ?? false
        let supervised = supervisor?.isAlive ?? false
        if let file, let postmaster, postmasterAlive, file.isReady {
          live.append(
            (
              LiveServer(
                directory: directory, postmaster: postmaster, port: file.port,
                supervised: supervised),
              file.started
            ))
        } else if !postmasterAlive && !supervised {
          file?.removeSharedMemory()
          do {
            try FileManager.default.removeItem(at: directory)
          } catch {
            FileHandle.standardError.write(
              Data("CleanSlate could not sweep a stopped PostgreSQL server: \(error)\n".utf8))
          }
        }
      }
      sweepCache(keeping: clusterName(password: password))
      return live.sorted { $0.started > $1.started }.map(\.server)
    }

    /// Starts a supervisor for a live server whose own has died, and records it.
    func adopt(_ server: LiveServer, password: String) async throws {
      let supervisor = try await ServerSupervisor.start(
        postmaster: server.postmaster.pid, directory: server.directory, port: server.port,
        linger: configuration.linger, keptLinger: configuration.keptLinger,
        psql: configuration.binaries.psql, password: password)
      try Self.write(
        ServerRecord(postmaster: "\(server.postmaster)", supervisor: "\(supervisor)"),
        in: server.directory)
    }

    /// Removes clusters that a start left half-made, and cached clusters of other programs (an
    /// older PostgreSQL) or another password, once they are ten minutes old: the cache may be shared by roots whose
    /// locks differ, so a younger one may be in use.
    private func sweepCache(keeping current: String) {
      let cache = configuration.cache
      let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
      for name in names where name.hasPrefix("cluster-") && name != current {
        let url = cache.appendingPathComponent(name, isDirectory: true)
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let modified = attributes?[.modificationDate] as? Date,
          modified.timeIntervalSinceNow < -600
        else { continue }
        try? FileManager.default.removeItem(at: url)
      }
    }

    // MARK: - State

    static func record(in directory: URL) -> ServerRecord? {
      guard let data = try? Data(contentsOf: directory.appendingPathComponent("state")) else {
        return nil
      }
      return try? JSONDecoder().decode(ServerRecord.self, from: data)
    }

    static func write(_ record: ServerRecord, in directory: URL) throws {
      let url = directory.appendingPathComponent("state")
      do {
        try JSONEncoder().encode(record).write(to: url, options: .atomic)
      } catch {
        throw PostgresFixtureError("Could not write \(url.path): \(error)")
      }
    }
  }

  /// What a running postmaster says of itself in `postmaster.pid`, at the top of its data
  /// directory: its pid, its start time, its port, and whether it is ready for connections.
  struct PostmasterFile {
    let pid: Int32
    /// Seconds since 1970, as written.
    let started: String
    let port: Int
    let isReady: Bool
    /// The System V shared memory segment's id (the second number of line 7), if written.
    let sharedMemoryID: Int32?

    /// Reads `postmaster.pid` in `data`; `nil` when there is none (the server has stopped, or
    /// has not started yet) or it is not complete yet.
    init?(data: URL) {
      guard
        let text = try? String(
          contentsOf: data.appendingPathComponent("postmaster.pid"), encoding: .utf8)
      else { return nil }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard lines.count >= 4, let pid = Int32(lines[0]), let port = Int(lines[3]) else {
        return nil
      }
      self.pid = pid
      self.started = lines[2]
      self.port = port
      self.isReady = lines.count >= 8 && lines[7] == "ready"
      let sharedMemory = lines.count >= 7 ? lines[6].split(separator: " ") : []
      self.sharedMemoryID = sharedMemory.count == 2 ? Int32(sharedMemory[1]) : nil
    }

    /// Removes the postmaster's System V shared memory segment, which outlives a postmaster
    /// killed with `SIGKILL` (and counts against a small system limit: 32 segments on macOS),
    /// if no process is attached to it any more. Only for a postmaster known to be dead.
    func removeSharedMemory() {
      guard let sharedMemoryID else { return }
      var info = shmid_ds()
      guard shmctl(sharedMemoryID, IPC_STAT, &info) == 0, info.shm_nattch == 0 else { return }
      shmctl(sharedMemoryID, IPC_RMID, nil)
    }
  }
#endif
