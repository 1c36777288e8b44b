import CleanSlate
import CleanSlateChildProcess
import CleanSlateHistory
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// The tests in which several processes write one store at once, one test at a time: each starts
/// up to four writer processes, and more at once starve the other tests of a two-core machine
/// (a PostgreSQL fixture's server went 5 s without answering while twelve writers ran beside it).
@Suite(.serialized) enum WritersAtOnce {}

extension WritersAtOnce {
  /// Many processes write one SQLite store at once, as the shards of one CI job do at the end of
  /// their sessions, and one is killed in the middle of a write: no session is lost, none is half
  /// written, and the store stays readable.
  @Suite(.cleanSlate) struct SQLiteWritersTests {
    /// Every session of the store at `path`, with how many results each holds.
    static func sessions(in path: String) async throws -> [String: Int] {
      let store = try await StoreLocation(path).open()
      defer { Task { await store.close() } }
      let history = try await store.history(HistoryWindow())
      var counts: [String: Int] = [:]
      for result in history.results {
        counts[history.sessions[Int(result.session)].id, default: 0] += 1
      }
      for session in history.sessions where counts[session.id] == nil { counts[session.id] = 0 }
      return counts
    }

    @Test func fourProcessesWritingOneFileAtOnceLoseNothing() async throws {
      // Given a store's path
      let path = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
      let probe = try HelperExecutable(named: "CleanSlateHistoryProbe")

      // When four processes each write ten sessions of 400 tests into it at once
      let outcomes = try await withThrowingTaskGroup(of: HelperExecutable.Outcome.self) { group in
        for shard in 1...4 {
          group.addTask { try await probe.run([path, "10", "400", "shard\(shard)"]) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }

      // Then each wrote every session, and the store holds all forty, each whole
      for outcome in outcomes {
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").count == 10)
      }
      let sessions = try await Self.sessions(in: path)
      #expect(sessions.count == 40)
      #expect(sessions.values.allSatisfy { $0 == 400 }, "\(sessions)")
    }

    @Test(arguments: 1...3)
    func aWriterKilledMidWriteLeavesEveryEarlierSessionWhole(round: Int) async throws {
      // Given a process writing sessions of 3,000 tests into a store, one after another
      let path = try await use(.temporaryDirectory).appendingPathComponent("runs.sqlite").path
      let probe = try HelperExecutable(named: "CleanSlateHistoryProbe")
      let writer = try await probe.start([path, "0", "3000", "killed"])
      let written = await writer.lines(untilOne: { $0 == "recorded killed-\(round + 1)" })
      #expect(written.count == round + 1, "\(written)")

      // When it is killed with SIGKILL, most likely in the middle of its next write
      try await Task.sleep(for: .milliseconds(5 + 20 * round))
      try await writer.kill()

      // Then the store opens, every session it said it had written is there, and every session
      // there is whole
      let sessions = try await Self.sessions(in: path)
      for line in writer.linesSoFar {
        let id = String(line.dropFirst("recorded ".count))
        #expect(sessions[id] == 3000, "\(id) in \(sessions)")
      }
      #expect(sessions.values.allSatisfy { $0 == 3000 }, "\(sessions)")

      // And a new writer records after it
      let after = try await probe.run([path, "1", "10", "after"])
      #expect(after.status == 0, "\(after.standardError)")
      #expect(try await Self.sessions(in: path)["after-1"] == 10)
    }
  }
}
