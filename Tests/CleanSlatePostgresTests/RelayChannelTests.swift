#if Postgres
  import CleanSlate
  import CleanSlateTestSupport
  import PostgresNIO
  import Testing

  @testable import CleanSlatePostgres

  /// The channels that keep a test's connections answering after the server closed them (see
  /// `RelayChannel`) are let go once nothing uses those connections any more.
  @Suite(postgresTests) struct RelayChannelTests {
    @Test func aDatabaseModeTestsConnectionsReleaseTheirChannelsWhenTheTestIsDone() async throws {
      // Given a test that used its connection, one it opened and closed, and one it left open.
      let process = makeProcessScope()
      let connections = Box<[PostgresConnection]>([])
      _ = try await runTestScope(in: process) {
        let database = try await use(.playersDatabase)
        let closed = try await database.connect()
        try await closed.close()
        let leftOpen = try await database.connect()
        connections.value = [database.connection, closed, leftOpen]
        // (While the test runs, they hold their channels.)
        #expect(connections.value.allSatisfy { RelayChannel.isHeld(by: $0) })
      }
      // When the process scope ends, and with it the drops of the test's database.
      await process.end()
      // Then none of them holds its channel any more.
      #expect(connections.value.count == 3)
      #expect(!connections.value.contains { RelayChannel.isHeld(by: $0) })
    }

    @Test func transactionModeConnectionsReleaseTheirChannelsWhenThePoolCloses() async throws {
      // Given a transaction-mode test.
      let process = makeProcessScope()
      let connection = Box<PostgresConnection?>(nil)
      _ = try await runTestScope(in: process) {
        connection.value = try await use(.playersTransaction).underlying
      }
      let lent = try #require(connection.value)
      #expect(RelayChannel.isHeld(by: lent))
      // When the process scope ends.
      await process.end()
      // Then its connection, closed with its pool, holds its channel no more.
      #expect(!RelayChannel.isHeld(by: lent))
    }
  }
#endif
