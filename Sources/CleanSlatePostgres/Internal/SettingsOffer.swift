#if Postgres
  /// The settings that point an app at a test's database, offered to the app (through a
  /// configuration provider of CleanSlateHummingbird's), and whether the app read any of them.
  ///
  /// An app that was offered them and never read one connects to a server of its own choosing
  /// (one its code names, often `localhost:5432`), not to the test's database: its failures then
  /// come from that server (a refused connection, PostgresNIO's
  /// `connectionCreationCircuitBreakerTripped`), and CleanSlate says why.
  package final class SettingsOffer: Sendable {
    private struct State {
      var keys: [String] = []
      var read = false
    }

    private let state = LockedValue(State())

    package init() {}

    /// Notes that the settings `keys` were offered to an app.
    package func offer(_ keys: [String]) {
      state.withLock { state in
        for key in keys where !state.keys.contains(key) { state.keys.append(key) }
      }
    }

    /// Notes that the app read one of them.
    package func noteRead() {
      state.withLock { $0.read = true }
    }

    /// Whether settings were offered and none was read.
    package var isUnread: Bool { state.withLock { !$0.keys.isEmpty && !$0.read } }

    /// Why an app that never read the settings it was offered did not use `database`, and what to
    /// do; `nil` when it read them, or was offered none.
    package func unreadExplanation(database: String, on server: PostgresTestServer) -> String? {
      let keys = state.withLock { $0.read ? [] : $0.keys }
      guard !keys.isEmpty else { return nil }
      return
        "The app never read the PostgreSQL settings the test offered it through its ConfigReader (\(keys.joined(separator: ", "))), so it does not use the test's database '\(database)' on \(server.host):\(server.port): it connects where its own code or providers say (often localhost:5432), and a failure to connect there comes back from PostgresNIO as a refused connection or `connectionCreationCircuitBreakerTripped`. Build the app's PostgresClient from the reader the test gives it, as in `reader.scoped(to: \"postgres\").string(forKey: \"host\")`."
    }
  }
#endif
