#if Postgres
  internal import CleanSlate
  internal import CleanSlateChildProcess
  internal import Foundation

  /// The process that stops a throwaway server once no test process uses it, and then removes
  /// its directory: a small shell script, so that it outlives the test process that started it.
  ///
  /// Every test process that uses the server holds a lease: a shared advisory lock, on a
  /// connection it keeps open until it exits (the server releases the lock when the connection
  /// ends, however the process ended). Once a second, the supervisor asks the server (with
  /// `psql`) how many leases are held. After `linger` seconds with none, it takes the lock
  /// exclusively and, in the same session, signals the server to stop (a fast shutdown): that
  /// lock cannot be had while a lease is held, and a process that asks for a lease while the
  /// supervisor holds it is refused, and starts a new server. While the server holds a failed
  /// test's kept database (`cs_kept_…`), it waits `keptLinger` seconds instead, so that the
  /// command printed for that database opens it after the run. Once the server has exited, the
  /// supervisor removes the server's directory, and exits too.
  ///
  /// It writes `<ticks> <idle ticks>` to `supervisor` in the server's directory after every
  /// check, for the curious and for the tests.
  enum ServerSupervisor {
    /// Starts the supervisor of the server whose postmaster is `postmaster`, in `directory`,
    /// listening on `port`. The script is written next to the server's directory first (so that
    /// `ps` shows what the process is), under a name of its content's: never rewritten while a
    /// shell reads it.
    static func start(
      postmaster: Int32, directory: URL, port: Int, linger: Int, keptLinger: Int, psql: URL,
      password: String
    ) async throws -> ProcessIdentity {
      let scriptURL = try writeScript(next: directory)
      let supervisor = ChildProcess(
        "/bin/sh",
        [
          scriptURL.path, "\(postmaster)", directory.path, "\(port)", "\(linger)", psql.path,
          "\(AdvisoryLock.serverLease)", "\(keptLinger)",
        ],
        environment: [
          "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LC_ALL": "C", "PGPASSWORD": password,
          "PGCONNECT_TIMEOUT": "5", "PGAPPNAME": "cleanslate-supervisor",
        ])
      let pid: pid_t
      do {
        pid = try await supervisor.startDetached()
      } catch {
        throw PostgresFixtureError("Could not start the server's supervisor: \(error)")
      }
      return ProcessIdentity(pid: pid, startTime: ProcessIdentity.startTime(of: pid) ?? 0)
    }

    private static func writeScript(next directory: URL) throws -> URL {
      var hasher = FNVHasher()
      hasher.combine(script)
      let url = directory.deletingLastPathComponent().appendingPathComponent(
        "supervisor-\(hasher.hex).sh")
      if FileManager.default.fileExists(atPath: url.path) { return url }
      let draft = url.appendingPathExtension(String(UInt32.random(in: 0...UInt32.max), radix: 16))
      do {
        try Data(script.utf8).write(to: draft)
        try FileManager.default.moveItem(at: draft, to: url)
      } catch {
        try? FileManager.default.removeItem(at: draft)
        guard FileManager.default.fileExists(atPath: url.path) else {
          throw PostgresFixtureError("Could not write \(url.path): \(error)")
        }
      }
      return url
    }

    /// The script; its arguments are the postmaster's pid, the server's directory, its port, the
    /// linger in seconds, `psql`'s path, the lease lock's first key and the linger while a kept
    /// database is there.
    static let script = #"""
      # The supervisor of a throwaway PostgreSQL server of CleanSlate's: stops it once no test
      # process has used it for a while, then removes its directory (see ServerSupervisor.swift).
      pid=$1 dir=$2 port=$3 linger=$4 psql=$5 lease=$6 keep=$7
      umask 077
      trap '' HUP INT
      query() {
        "$psql" -X -q -A -t -h 127.0.0.1 -p "$port" -U postgres -d postgres "$@" 2>/dev/null
      }
      ticks=0 idle=0 stopping=0
      while kill -0 "$pid" 2>/dev/null && [ -f "$dir/data/postmaster.pid" ]; do
        sleep 1
        ticks=$((ticks + 1))
        if [ "$stopping" -gt 0 ]; then
          # A fast shutdown that takes 10 s becomes an immediate one, then a kill.
          stopping=$((stopping + 1))
          [ "$stopping" -eq 11 ] && kill -QUIT "$pid" 2>/dev/null
          [ "$stopping" -eq 21 ] && kill -KILL "$pid" 2>/dev/null
          continue
        fi
        users=$(query -c "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $lease AND objid = 0 AND objsubid = 2 AND granted")
        case $users in
          0) idle=$((idle + 1)) ;;
          '') ;; # no answer (all connections taken, say): neither used nor unused
          *) idle=0 ;;
        esac
        printf '%s %s\n' "$ticks" "$idle" >"$dir/supervisor"
        if [ "$idle" -gt "$linger" ]; then
          # A failed test's kept database holds the server up to $keep seconds.
          if [ "$idle" -le "$keep" ]; then
            kept=$(query -c "SELECT count(*) FROM pg_database WHERE datname LIKE 'cs\\_kept\\_%'")
            case $kept in 0) ;; *) continue ;; esac
          fi
          answer=$(query <<SQL
      SELECT pg_try_advisory_lock($lease, 0) AS unused \gset
      \if :unused
      \echo stopping
      \! kill -INT $pid
      \endif
      SQL
          )
          if [ "$answer" = stopping ]; then stopping=1; else idle=0; fi
        fi
      done
      rm -rf "$dir"
      """#
  }
#endif
