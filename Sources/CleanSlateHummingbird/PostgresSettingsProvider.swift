#if Hummingbird
  public import CleanSlatePostgres
  public import Configuration

  /// A configuration provider with the settings that point an app at a test's own PostgreSQL
  /// database, to put first in the `ConfigReader` the app is built from.
  ///
  /// ```swift
  /// let reader = ConfigReader(providers: [
  ///   database.configProvider(),            // postgres.host, .port, .user, .password, .database
  ///   EnvironmentVariablesProvider(),       // the app's own
  /// ])
  /// ```
  ///
  /// It answers `<prefix>.host`, `<prefix>.port` (an integer), `<prefix>.user`,
  /// `<prefix>.password` (a secret) and `<prefix>.database`, and the values given besides. It
  /// notes whether the app read any of the PostgreSQL settings: an app that never does connects to
  /// a server of its own choosing, and a test of it that fails says so (and its database, which
  /// the app never used, is not kept).
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  public struct PostgresSettingsProvider: ConfigProvider, CustomStringConvertible {
    private let values: InMemoryProvider
    private let settings: Set<[String]>
    private let offer: SettingsOffer

    init(
      database: PostgresTestDatabase, prefix: String, adding extra: [AbsoluteConfigKey: ConfigValue]
    ) {
      let scope = AbsoluteConfigKey(ConfigKey(prefix))
      let server = database.server
      let settings: [(String, ConfigValue)] = [
        ("host", ConfigValue(.string(server.host), isSecret: false)),
        ("port", ConfigValue(.int(server.port), isSecret: false)),
        ("user", ConfigValue(.string(server.username), isSecret: false)),
        ("password", ConfigValue(.string(server.password ?? ""), isSecret: true)),
        ("database", ConfigValue(.string(database.name), isSecret: false)),
      ]
      var all = extra
      for (name, value) in settings { all[scope.appending(ConfigKey(name))] = value }
      values = InMemoryProvider(name: "CleanSlate PostgreSQL settings", values: all)
      self.settings = Set(settings.map { scope.appending(ConfigKey($0.0)).components })
      offer = database.settingsOffer
      offer.offer(settings.map { scope.appending(ConfigKey($0.0)).description })
      OfferedSettings.current?.add(offer, database: database.name, server: server)
    }

    /// The provider's name in the reader's logs.
    public var providerName: String { values.providerName }

    /// The provider, for logs: its name and how many values it holds.
    public var description: String { values.description }

    /// Returns the value of `key`, noting a read of a PostgreSQL setting.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
      noteLookup(of: key)
      return try values.value(forKey: key, type: type)
    }

    /// Returns the value of `key`, noting a read of a PostgreSQL setting.
    public func fetchValue(
      forKey key: AbsoluteConfigKey, type: ConfigType
    ) async throws -> LookupResult {
      try value(forKey: key, type: type)
    }

    /// Hands `updatesHandler` the value of `key`, which never changes.
    nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
      forKey key: AbsoluteConfigKey,
      type: ConfigType,
      updatesHandler:
        nonisolated(nonsending) (
          _ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>
        ) async throws -> Return
    ) async throws -> Return {
      try await watchValueFromValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    /// The values, whose reads are noted too.
    public func snapshot() -> any ConfigSnapshot {
      NotingSnapshot(base: values.snapshot(), provider: self)
    }

    /// Hands `updatesHandler` the snapshot, which never changes.
    nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
      updatesHandler:
        nonisolated(nonsending) (
          _ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>
        ) async throws -> Return
    ) async throws -> Return {
      try await watchSnapshotFromSnapshot(updatesHandler: updatesHandler)
    }

    fileprivate func noteLookup(of key: AbsoluteConfigKey) {
      if settings.contains(key.components) { offer.noteRead() }
    }
  }

  /// A snapshot of the provider's values that notes reads as the provider does.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  private struct NotingSnapshot: ConfigSnapshot {
    let base: any ConfigSnapshot
    let provider: PostgresSettingsProvider

    var providerName: String { base.providerName }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
      provider.noteLookup(of: key)
      return try base.value(forKey: key, type: type)
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  extension PostgresTestDatabase {
    /// A configuration provider with the settings that point an app at this database: put it
    /// first in the `ConfigReader` the app is built from.
    ///
    /// ```swift
    /// static let todoAPI = Fixture.hummingbirdApp("todoAPI") { context in
    ///   let database = try await context.use(.todosDatabase)
    ///   let reader = ConfigReader(providers: [
    ///     database.configProvider(),               // postgres.host, .port, .user, .password, .database
    ///     EnvironmentVariablesProvider(),          // the app's own
    ///   ])
    ///   return try await buildApplication(reader: reader)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: The key the app's PostgreSQL settings are under (`postgres` for
    ///     `postgres.host`, `postgres.port`, `postgres.user`, `postgres.password` and
    ///     `postgres.database`).
    ///   - values: Other settings to give the app (`"log.level": "error"`, say).
    public func configProvider(
      prefix: String = "postgres", adding values: [AbsoluteConfigKey: ConfigValue] = [:]
    ) -> PostgresSettingsProvider {
      PostgresSettingsProvider(database: self, prefix: prefix, adding: values)
    }
  }
#endif
