#if Hummingbird
  internal import CleanSlate
  internal import CleanSlatePostgres

  /// The PostgreSQL settings offered to the app a fixture builds (by
  /// ``PostgresSettingsProvider``s made while it builds), so that a failure to start can say
  /// when the app never read them.
  final class OfferedSettings: Sendable {
    /// The offers of the app being built in this task, if a fixture is building one.
    @TaskLocal static var current: OfferedSettings?

    private let offers = Locked<[(SettingsOffer, database: String, server: PostgresTestServer)]>(
      [])

    /// Notes an offer of the settings of `database`.
    func add(_ offer: SettingsOffer, database: String, server: PostgresTestServer) {
      offers.withLock { $0.append((offer, database, server)) }
    }

    /// Why the app did not reach its test's database, if it never read the settings of one.
    var unreadExplanation: String? {
      offers.withLock { $0 }.lazy.compactMap { offer, database, server in
        offer.unreadExplanation(database: database, on: server)
      }.first
    }
  }

  /// The app failed to start, and never read the database settings it was offered.
  struct AppStartFailure: Error, CustomStringConvertible {
    let error: any Error
    let explanation: String

    var description: String { "\(String(reflecting: error)). \(explanation)" }
  }
#endif
