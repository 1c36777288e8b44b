// swift-format-ignore-file
// What the examples use and leave to the reader: the code under test.
#if Postgres
  import CleanSlatePostgres
  import PostgresNIO

  /// Resets every player's score, through the connection it is given.
  struct ScoreBoard {
    let connection: PostgresTestConnection

    func resetAll() async throws {
      try await connection.query("UPDATE players SET score = 0")
    }
  }

  /// Ranks players, on connections of its own.
  struct RankingService {
    let configuration: PostgresConnection.Configuration

    func top(_ count: Int) async throws -> [String] {
      Array(repeating: "", count: count)
    }
  }
#endif
