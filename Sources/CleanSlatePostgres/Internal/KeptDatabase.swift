#if Postgres
  internal import Foundation

  /// What CleanSlate says about a failed test's database it kept: its name, the command that
  /// opens it (password included, so that it works as printed), and, on the throwaway server,
  /// how long it stays there.
  enum KeptDatabase {
    static func note(_ name: String, on server: PostgresTestServer) -> String {
      let url = server.url(database: name).replacingOccurrences(of: "'", with: #"'\''"#)
      var note = "\(name); open it with: psql '\(url)'"
      if let linger = ThrowawayServer.keptLinger(of: server) {
        note +=
          " (the throwaway server keeps it until \(duration(linger)) after the last test process ends; CLEANSLATE_POSTGRES_KEPT_LINGER sets how long, in seconds)"
      }
      return note
    }

    private static func duration(_ seconds: Int) -> String {
      if seconds >= 120, seconds % 60 == 0 { return "\(seconds / 60) minutes" }
      return "\(seconds) seconds"
    }
  }
#endif
