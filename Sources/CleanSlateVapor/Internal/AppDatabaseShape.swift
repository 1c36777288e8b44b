#if Vapor
  internal import CleanSlate
  internal import FluentKit

  /// What a test's database must be for one app: the ID of the database it replaces, what it is
  /// made as, and the migrations that build its template.
  struct AppDatabaseShape: Sendable, Equatable {
    /// The ID of the app's default database, the one the test's replaces.
    let id: DatabaseID
    /// What the test's database is.
    let kind: TestDatabaseKind
    /// The migrations Fluent runs on it, in order.
    let migrations: [any Migration]

    /// The migrations' names, which identify them.
    var migrationNames: [String] { migrations.map(\.name) }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.migrationNames == rhs.migrationNames
    }

    /// The shape for the database `id`, registered with `configuration`, given the fixture's
    /// option, the migrations the app has, and whether `configure` itself asked for the database
    /// (to migrate it, say).
    init(
      id: DatabaseID, configuration: any DatabaseConfiguration, option: VaporAppDatabase.Kind,
      migrations: Migrations, usedByConfigure: Bool
    ) {
      self.id = id
      kind = TestDatabaseKind(
        option: option, engine: ConfiguredEngine.of(configuration),
        usedByConfigure: usedByConfigure)
      self.migrations = FluentReflection.migrations(in: migrations, for: id)
    }
  }

  /// What a test's database is made as, given the fixture's option and the engine the app's
  /// `configure` chose.
  enum TestDatabaseKind: Sendable, Equatable {
    /// The database `configure` registered, kept: in-memory SQLite that `configure` leaves alone,
    /// each app's own already.
    case asConfigured
    /// A clone of a PostgreSQL template, on the test server.
    case postgresClone
    /// A copy of a SQLite template file.
    case sqliteCopy(foreignKeys: Bool)
    /// None CleanSlate can make.
    case unsupported(ConfiguredEngine)

    init(option: VaporAppDatabase.Kind, engine: ConfiguredEngine, usedByConfigure: Bool) {
      switch (option, engine) {
      case (.none, _):
        self = .asConfigured
      case (.sameEngine, .sqliteInMemory(_, let foreignKeys)):
        // In-memory SQLite that configure migrates (asks for, at least) becomes a copy of one
        // migrated once per process, so that configure's migration finds nothing to do; in-memory
        // SQLite that configure leaves alone stays as configure made it.
        self = usedByConfigure ? .sqliteCopy(foreignKeys: foreignKeys) : .asConfigured
      case (.sameEngine, .sqliteFile(_, let foreignKeys)),
        (.sqlite, .sqliteFile(_, let foreignKeys)), (.sqlite, .sqliteInMemory(_, let foreignKeys)):
        self = .sqliteCopy(foreignKeys: foreignKeys)
      case (.sqlite, _):
        self = .sqliteCopy(foreignKeys: true)
      case (.sameEngine, .postgres), (.postgres, _):
        self = .postgresClone
      case (.sameEngine, .other):
        self = .unsupported(engine)
      }
    }
  }

  /// The shape one app fixture's apps have had in this process, learned from the first of them:
  /// the tests that start while the first is learning it wait for it, so that each makes its
  /// database before `configure` runs.
  actor AppShapes {
    /// What is known: nothing yet, or the shape (`nil` for an app with no database).
    private var known: AppDatabaseShape??
    private var learning = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// What the apps' shape is known to be: `.some(nil)` for apps with no database, or `nil`
    /// when the caller is to learn it (and then must call ``learned(_:)``, whatever comes of it).
    /// A wait for the test learning it is traced as a wait of the setup `context` belongs to.
    func shape(tracingWaitIn context: FixtureContext) async -> AppDatabaseShape?? {
      if known == nil && learning {
        await context.waiting(for: "the first app's configure, which shows its database") {
          while known == nil && learning {
            await withCheckedContinuation { waiting.append($0) }
          }
        }
      }
      if known == nil { learning = true }
      return known
    }

    /// Records what a test found (`.some(nil)`: the app has no database; `nil`: nothing, its
    /// setup failed), and lets the tests that wait for it go on.
    func learned(_ found: AppDatabaseShape??) {
      if let found { known = found }
      learning = false
      let resumed = waiting
      waiting = []
      for continuation in resumed { continuation.resume() }
    }
  }
#endif
