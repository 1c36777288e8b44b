#if Vapor
  internal import CleanSlate
  internal import Fluent
  internal import FluentPostgresDriver
  internal import FluentSQLiteDriver
  internal import Vapor

  /// Making and configuring one test's app, with its database in place.
  ///
  /// When the fixture gives the test a database of its own, the test first makes it for the
  /// shape its fixture's apps have had in this process (``AppShapes``), then makes the app, puts
  /// switches in place of the drivers of its databases (``Switchboard``) and runs `configure`.
  /// If `configure` asked for its default database and the shape was not the one the database
  /// was made for (the first test of the process, say), the app is shut down and made again,
  /// with the database made for the shape now known. If it did not ask, the database is made
  /// after `configure` when its shape was not known.
  struct VaporAppSetup: Sendable {
    let option: VaporAppDatabase.Kind
    let configuresConcurrently: Bool
    let shapes: AppShapes
    let databases: TestDatabases
    let configure: @Sendable (FixtureContext, Application) async throws -> Void

    /// The IDs that get a switch before `configure` runs, besides the one the app's default
    /// database had before: Fluent's own.
    static let usualIDs: [DatabaseID] = [
      .sqlite, .psql, DatabaseID(string: "mysql"), DatabaseID(string: "mongo"),
    ]

    /// Makes, configures and returns the test's app; its database's teardown is registered in
    /// `context`, the app's shutdown is left to the caller.
    func makeApp(context: FixtureContext) async throws -> Application {
      if case .none = option {
        return try await configured(context: context, switching: nil).app
      }
      try FluentReflection.check()
      var lastSeen: AppDatabaseShape?
      for _ in 0..<3 {
        let known = await shapes.shape(tracingWaitIn: context)
        let outcome: Outcome
        do {
          outcome = try await attempt(known: known ?? nil, context: context)
        } catch {
          await shapes.learned(nil)
          throw error
        }
        switch outcome {
        case .ready(let app, let shape):
          await shapes.learned(.some(shape))
          return app
        case .again(let shape):
          await shapes.learned(.some(shape))
          lastSeen = shape
        }
      }
      throw VaporAppError.unsettled(lastSeen)
    }

    private enum Outcome {
      /// The app, configured, with its database in place (and the shape it had, if any).
      case ready(Application, AppDatabaseShape?)
      /// `configure` asked for a database not made for it: note its shape, make the app again.
      case again(AppDatabaseShape)
    }

    /// The switches to put in place before `configure`: with the database made ahead, if any.
    private struct Switching {
      let prepared: PreparedDatabase?
      let ids: [DatabaseID]
    }

    /// One try: the test's database made for `known`, the app made and configured.
    private func attempt(
      known: AppDatabaseShape?, context: FixtureContext
    ) async throws -> Outcome {
      var prepared: PreparedDatabase?
      if let known { prepared = try await databases.prepare(known, context: context) }
      let ids = Self.usualIDs + (known.map { [$0.id] } ?? [])
      let (app, board) = try await configured(
        context: context, switching: Switching(prepared: prepared, ids: ids))
      guard let board else { return .ready(app, nil) }
      let outcome: Outcome
      do {
        outcome = try await settle(app, board: board, context: context)
      } catch {
        try? await app.asyncShutdown()
        board.removeInMemoryFiles()
        throw error
      }
      switch outcome {
      case .ready:
        // Registered before the app's shutdown: it runs after it.
        context.addTeardown { board.removeInMemoryFiles() }
      case .again:
        board.removeInMemoryFiles()
      }
      return outcome
    }

    /// Makes the app, puts the switches in place, and runs `configure`: one app at a time across
    /// the process unless the fixture lets them run concurrently. A `configure` that throws
    /// after asking for a database the switches could not give is not a failure yet: the
    /// switchboard says what it asked for.
    private func configured(
      context: FixtureContext, switching: Switching?
    ) async throws -> (app: Application, board: Switchboard?) {
      let run: @Sendable () async throws -> (app: Application, board: Switchboard?) = {
        let app = try await Application.make(.testing)
        let board = switching.map {
          Switchboard(option: option, migrations: app.migrations, prepared: $0.prepared)
        }
        if let board, let switching { board.install(for: switching.ids, in: app.databases) }
        do {
          try await configure(context, app)
        } catch {
          if board?.unmet != nil { return (app, board) }
          try? await app.asyncShutdown()
          board?.removeInMemoryFiles()
          throw VaporAppError.configureFailed(error)
        }
        return (app, board)
      }
      if configuresConcurrently { return try await run() }
      return try await ConfigureLock.shared.withLock(tracingWaitIn: context, run)
    }

    /// After `configure`: the app as it is, or made again when `configure` asked for a database
    /// not made for it; the test's database made now when `configure` did not ask for it.
    private func settle(
      _ app: Application, board: Switchboard, context: FixtureContext
    ) async throws -> Outcome {
      switch board.unmet {
      case .unsupported(let engine, let id):
        throw VaporAppError.unsupportedEngine(engine, id: id)
      case .notYetMade(let shape):
        try? await app.asyncShutdown()
        return .again(shape)
      case nil:
        break
      }
      if let given = board.given { return .ready(app, given) }
      guard let id = FluentReflection.defaultID(of: app.databases),
        let configuration = app.databases.configuration(for: id)
      else { return .ready(app, nil) }
      let shape = AppDatabaseShape(
        id: id, configuration: configuration, option: option, migrations: app.migrations,
        usedByConfigure: false)
      switch shape.kind {
      case .asConfigured:
        board.settle(on: nil)
        return .ready(app, shape)
      case .unsupported(let engine):
        throw VaporAppError.unsupportedEngine(engine, id: id)
      case .postgresClone, .sqliteCopy:
        break
      }
      if !board.switched.contains(id) {
        // `configure` used an ID of its own: if it asked for that database, make the app again
        // with a switch for it.
        if FluentReflection.startedIDs(of: app.databases).contains(id) {
          try? await app.asyncShutdown()
          return .again(shape)
        }
        board.install(for: [id], in: app.databases)
      }
      if let prepared = board.prepared, prepared.shape == shape {
        board.settle(on: prepared)
      } else {
        board.settle(on: try await databases.prepare(shape, context: context))
      }
      return .ready(app, shape)
    }
  }
#endif
