#if Vapor
  internal import CleanSlate
  internal import FluentKit
  internal import Foundation
  internal import Logging

  /// The switches of one app: what each of them gives when first asked for a database.
  ///
  /// A switch (``DatabaseSwitch``) takes the place of the driver of a database ID before the
  /// app's `configure` runs, so that the test's own database is what `configure` gets when it
  /// asks for its default database (an `autoMigrate()`, say), never the database it registered.
  /// The switchboard decides, the first time the default database is asked for: the database
  /// `configure` registered when the test keeps it (`.none`), the test's own database made ahead
  /// for this shape, or, when none was made for it, a database that refuses every statement:
  /// that `configure` is then run again, on a new app, with the test's database made.
  final class Switchboard: Sendable {
    private let option: VaporAppDatabase.Kind
    private let migrations: Migrations
    private let state: Locked<State>

    private struct State {
      var prepared: PreparedDatabase?
      /// Whether `prepared` is what the default database is, whatever the app's shape then.
      var settled = false
      var switched: Set<DatabaseID> = []
      /// The shape of the default database the switch gave, once it gave one.
      var given: AppDatabaseShape?
      var unmet: Unmet?
      /// The files of the in-memory SQLite databases the switches made drivers for.
      var inMemoryFiles: [URL] = []
    }

    /// What the app asked for that the switchboard could not give.
    enum Unmet: Sendable {
      /// The default database, of this shape, before its database was made.
      case notYetMade(AppDatabaseShape)
      /// The default database, of an engine CleanSlate cannot make a database of.
      case unsupported(ConfiguredEngine, DatabaseID)
    }

    init(option: VaporAppDatabase.Kind, migrations: Migrations, prepared: PreparedDatabase?) {
      self.option = option
      self.migrations = migrations
      state = Locked(State(prepared: prepared))
    }

    /// What the app asked for and did not get, if anything.
    var unmet: Unmet? { state.withLock { $0.unmet } }

    /// The shape of the default database the switch gave during `configure`, if it gave one.
    var given: AppDatabaseShape? { state.withLock { $0.given } }

    /// The test's database made ahead, if any.
    var prepared: PreparedDatabase? { state.withLock { $0.prepared } }

    /// The IDs that have a switch.
    var switched: Set<DatabaseID> { state.withLock { $0.switched } }

    /// Makes `prepared` the default database from now on (`nil`: the one `configure` registered).
    func settle(on prepared: PreparedDatabase?) {
      state.withLock {
        $0.prepared = prepared
        $0.settled = true
      }
    }

    /// Puts a switch in place of the driver of each of `ids` in `databases` (those that have
    /// none yet), keeping the configuration registered for it, if any.
    func install(for ids: some Sequence<DatabaseID>, in databases: Databases) {
      let quiet = Logger(label: "cleanslate.vapor") { _ in SwiftLogNoOpLogHandler() }
      let started = FluentReflection.startedIDs(of: databases)
      let registered = databases.ids()
      for id in ids where !started.contains(id) && !switched.contains(id) {
        let existing = registered.contains(id) ? databases.configuration(for: id) : nil
        let databaseSwitch = DatabaseSwitch(id: id, board: self)
        databases.use(SwitchConfiguration(driver: databaseSwitch), as: id, isDefault: false)
        // Asking for the database makes its driver: the switch, which stays when `configure`
        // registers its own configuration for the ID.
        _ = databases.database(id, logger: quiet, on: databases.eventLoopGroup.any())
        if let existing { databases.use(existing, as: id, isDefault: false) }
        state.withLock { _ = $0.switched.insert(id) }
      }
    }

    /// Notes that a switch made the driver of the database `configuration` registers: the file of
    /// an in-memory SQLite database, to remove once the app has shut down.
    func made(_ configuration: any DatabaseConfiguration) {
      guard let file = ConfiguredEngine.of(configuration).inMemoryFile else { return }
      state.withLock { $0.inMemoryFiles.append(file) }
    }

    /// Removes the files SQLiteKit kept the app's in-memory SQLite databases in (it never does):
    /// call it once the app has shut down.
    func removeInMemoryFiles() {
      let files = state.withLock { state in
        defer { state.inMemoryFiles = [] }
        return state.inMemoryFiles
      }
      for file in files {
        for suffix in ["", "-journal", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: file.path + suffix)
        }
      }
    }

    /// What the switch of `id` gives, the first time it is asked for a database: called under
    /// Fluent's lock, with the configuration now registered for `id`.
    func choose(
      for id: DatabaseID, configuration: any DatabaseConfiguration, in databases: Databases
    ) -> DatabaseSwitch.Choice {
      guard FluentReflection.defaultID(of: databases) == id else { return .configured }
      return state.withLock { state in
        if state.settled {
          return state.prepared.map { .prepared($0) } ?? .configured
        }
        let shape = AppDatabaseShape(
          id: id, configuration: configuration, option: option, migrations: migrations,
          usedByConfigure: true)
        switch shape.kind {
        case .asConfigured:
          state.given = shape
          return .configured
        case .unsupported(let engine):
          state.unmet = .unsupported(engine, id)
          return .unavailable(.unsupported(engine))
        case .postgresClone, .sqliteCopy:
          if let prepared = state.prepared, prepared.shape == shape {
            state.given = shape
            return .prepared(prepared)
          }
          state.unmet = .notYetMade(shape)
          return .unavailable(.notYetMade)
        }
      }
    }
  }
#endif
