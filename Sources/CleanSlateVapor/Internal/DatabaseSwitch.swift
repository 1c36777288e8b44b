#if Vapor
  internal import CleanSlate
  internal import FluentKit
  internal import Logging

  /// The driver CleanSlate puts in place of a database ID's before the app's `configure` runs.
  ///
  /// Fluent makes a database's driver the first time the database is asked for, and keeps it
  /// when a configuration is registered again under its ID: the switch stays in place through
  /// `configure`. The first time it is asked for a database with the configuration `configure`
  /// registered, it lets its ``Switchboard`` choose, makes the driver chosen, and hands it every
  /// request from then on, as Fluent would have. A test's own database is labelled in the logs
  /// (`cleanslate-database`), next to Fluent's `database-id`.
  final class DatabaseSwitch: DatabaseDriver, Sendable {
    /// What a switch gives.
    enum Choice {
      /// The database `configure` registered.
      case configured
      /// The test's own database.
      case prepared(PreparedDatabase)
      /// None: every statement fails, saying why.
      case unavailable(UnavailableDatabase.Reason)
    }

    private struct Chosen {
      let driver: any DatabaseDriver
      /// The test's database's configuration, or `nil` for the one `configure` registered.
      let configuration: (any DatabaseConfiguration)?
      let label: String?
    }

    let id: DatabaseID
    private let board: Switchboard
    private let chosen = Locked<Chosen?>(nil)
    /// The databases the switch serves, weakly: they hold the switch.
    private let databases = Locked<WeakDatabases>(WeakDatabases())

    init(id: DatabaseID, board: Switchboard) {
      self.id = id
      self.board = board
    }

    /// Remembers the databases the switch was put into (called as Fluent makes the driver).
    func serve(_ databases: Databases) {
      self.databases.withLock { $0.databases = databases }
    }

    func makeDatabase(with context: DatabaseContext) -> any FluentKit.Database {
      if context.configuration is SwitchConfiguration {
        return UnavailableDatabase(context: context, reason: .notRegistered(id))
      }
      guard let chosen = chosen.withLock({ $0 }) ?? choose(with: context) else {
        return UnavailableDatabase(context: context, reason: unavailableReason(context))
      }
      guard var configuration = chosen.configuration else {
        return chosen.driver.makeDatabase(with: context)
      }
      configuration.middleware = context.configuration.middleware
      var logger = context.logger
      if let label = chosen.label { logger[metadataKey: "cleanslate-database"] = .string(label) }
      return chosen.driver.makeDatabase(
        with: DatabaseContext(
          configuration: configuration, logger: logger, eventLoop: context.eventLoop,
          history: context.history, pageSizeLimit: context.pageSizeLimit,
          shouldTrace: context.shouldTrace))
    }

    func shutdown() {
      chosen.withLock { $0 }?.driver.shutdown()
    }

    func shutdownAsync() async {
      await chosen.withLock { $0 }?.driver.shutdownAsync()
    }

    /// Asks the switchboard, and makes the driver it chose (`nil` when it chose none).
    private func choose(with context: DatabaseContext) -> Chosen? {
      guard let databases = databases.withLock({ $0.databases }) else { return nil }
      let made: Chosen
      switch board.choose(for: id, configuration: context.configuration, in: databases) {
      case .unavailable:
        return nil
      case .configured:
        made = Chosen(
          driver: context.configuration.makeDriver(for: databases), configuration: nil, label: nil)
        board.made(context.configuration)
      case .prepared(let prepared):
        let configuration = prepared.configuration.make()
        made = Chosen(
          driver: configuration.makeDriver(for: databases), configuration: configuration,
          label: prepared.label)
      }
      chosen.withLock { $0 = made }
      return made
    }

    private func unavailableReason(_ context: DatabaseContext) -> UnavailableDatabase.Reason {
      if case .unsupported(let engine, _) = board.unmet { return .unsupported(engine) }
      return .notYetMade
    }
  }

  /// The configuration a switch is registered with, until `configure` registers its own.
  struct SwitchConfiguration: DatabaseConfiguration {
    let driver: DatabaseSwitch
    var middleware: [any AnyModelMiddleware] = []

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
      driver.serve(databases)
      return driver
    }
  }

  /// A weak reference to an app's databases.
  struct WeakDatabases {
    weak var databases: Databases?
  }
#endif
