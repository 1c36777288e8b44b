#if Vapor
  public import CleanSlate
  internal import CleanSlatePostgres
  public import Vapor

  extension Fixture where Value == Application {
    /// Creates a fixture that gives each test its own Vapor app, configured by the app's own
    /// `configure`, with a database of the test's own in place of the app's default database.
    ///
    /// ```swift
    /// import CleanSlateVapor
    ///
    /// extension Fixture where Value == Application {
    ///   static let app = Fixture.vaporApp("app") { app in
    ///     try await configure(app)              // the app's own configure: routes, migrations
    ///   }
    /// }
    ///
    /// @Suite(.cleanSlate) struct TodoTests {
    ///   @Test(.fixtures(.app)) func createsATodo() async throws {
    ///     let app = try await use(.app)         // its own app, its own database
    ///     try await app.testing().test(.POST, "todos", beforeRequest: { try $0.content.encode(todo) }) {
    ///       #expect($0.status == .ok)
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// Setup makes the app (`Application.make(.testing)`) and runs `configure`, one app at a
    /// time across the process (the tests' bodies still run in parallel): many apps, and the
    /// libraries they use, touch global state without a lock while they register their routes.
    /// The test's database is in place before anything asks for the app's default database,
    /// `configure` included (see ``VaporAppDatabase``): an `autoMigrate()` in `configure` finds
    /// it migrated, and the server `configure` names is never contacted. The teardown shuts the
    /// app down (`asyncShutdown()`, unless the test already did) after a pass, a failure, a
    /// thrown error or a cancellation, then drops the test's database (a failed test's is kept).
    /// A `configure` that throws, or a migration that fails, fails the test with one issue at
    /// this fixture's declaration that names it; a failed migration never leaves a template
    /// behind.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - database: The test's own database: ``VaporAppDatabase/sameEngine`` (the default),
    ///     ``VaporAppDatabase/postgres``, ``VaporAppDatabase/sqlite`` or
    ///     ``VaporAppDatabase/none``.
    ///   - configuresConcurrently: Whether apps may be made and configured while others are: for
    ///     a `configure` that touches no global state without a lock. By default they are made one
    ///     at a time.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - configure: Configures the app: routes, middleware, databases, migrations.
    public static func vaporApp(
      _ name: String = "vaporApp",
      database: VaporAppDatabase = .sameEngine,
      configuresConcurrently: Bool = false,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ configure: @escaping @Sendable (Application) async throws -> Void
    ) -> Fixture<Application> {
      vaporApp(
        name, database: database, configuresConcurrently: configuresConcurrently,
        fileID: fileID, filePath: filePath, line: line, column: column
      ) { _, app in
        try await configure(app)
      }
    }

    /// Creates a fixture that gives each test its own Vapor app, configured by a closure that
    /// also gets the fixture's context, so the app can use other fixtures.
    ///
    /// ```swift
    /// extension Fixture where Value == Application {
    ///   static let forecastApp = Fixture.vaporApp("forecastApp") { context, app in
    ///     try await configure(app)
    ///     app.weatherServiceURL = try await context.use(.weather).baseURL   // a fake server of its own
    ///   }
    /// }
    /// ```
    ///
    /// Fixtures used here are set up before the app is configured and torn down after it has
    /// shut down. Everything else is as in
    /// ``vaporApp(_:database:configuresConcurrently:fileID:filePath:line:column:_:)-(_,_,_,_,_,_,_,(Application)->Void)``.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - database: The test's own database: ``VaporAppDatabase/sameEngine`` (the default),
    ///     ``VaporAppDatabase/postgres``, ``VaporAppDatabase/sqlite`` or
    ///     ``VaporAppDatabase/none``.
    ///   - configuresConcurrently: Whether apps may be made and configured while others are; by
    ///     default one at a time.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - configure: Configures the app, with the fixture's context to use other fixtures.
    public static func vaporApp(
      _ name: String = "vaporApp",
      database: VaporAppDatabase = .sameEngine,
      configuresConcurrently: Bool = false,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ configure: @escaping @Sendable (FixtureContext, Application) async throws -> Void
    ) -> Fixture<Application> {
      let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      let setup = VaporAppSetup(
        option: database.kind, configuresConcurrently: configuresConcurrently,
        shapes: AppShapes(),
        databases: TestDatabases(
          name: name, options: database.postgresOptions, location: location),
        configure: configure)
      return Fixture(
        name, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        let app = try await setup.makeApp(context: context)
        // Registered after the database's own teardown: the app shuts down first.
        context.addTeardown(fileID: fileID, filePath: filePath, line: line, column: column) {
          if !app.didShutdown { try await app.asyncShutdown() }
        }
        return app
      }
    }
  }
#endif
