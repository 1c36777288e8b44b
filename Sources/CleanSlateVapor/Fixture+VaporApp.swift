#if Vapor
  public import CleanSlate
  internal import CleanSlatePostgres
  internal import Fluent
  internal import FluentPostgresDriver
  internal import FluentSQLiteDriver
  public import Vapor

  extension Fixture where Value == Application {
    /// Creates a fixture that gives each test its own Vapor app, configured by the app's own
    /// `configure`, with a database of the test's own in place of the app's default database.
    ///
    /// ```swift
    /// import CleanSlateVapor
    ///
    /// extension Fixture where Value == Application {
    ///   static let app = Fixture.vaporApp("app", database: .postgres) { app in
    ///     try await configure(app)              // the app's own configure: routes, migrations
    ///   }
    /// }
    ///
    /// @Test(.fixtures(.app)) func createsATodo() async throws {
    ///   let app = try await use(.app)           // its own database, migrated once per schema
    ///   try await app.testing().test(.POST, "todos", beforeRequest: { try $0.content.encode(todo) }) {
    ///     #expect($0.status == .ok)
    ///   }
    /// }
    /// ```
    ///
    /// Setup makes the app (`Application.make(.testing)`), runs `configure`, then puts the
    /// test's database in place of the default database `configure` registered (see
    /// ``VaporAppDatabase``); the production database `configure` names is never contacted,
    /// unless `configure` itself queries it. The teardown shuts the app down
    /// (`asyncShutdown()`, unless the test already did) after a pass, a failure, a thrown error
    /// or a cancellation, then drops the test's database (a failed test's is kept). A
    /// `configure` that throws, or a migration that fails, fails the test with one issue at this
    /// fixture's declaration that names it; a failed migration never leaves a template behind.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - database: The test's own database: `.postgres` (the default), `.sqlite` or `.none`.
    ///   - configuringSerially: Whether to make and configure one app at a time across the
    ///     process, for apps whose setup touches global state without a lock; the tests' bodies
    ///     still run in parallel.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - configure: Configures the app: routes, middleware, databases, migrations.
    public static func vaporApp(
      _ name: String = "vaporApp",
      database: VaporAppDatabase = .postgres,
      configuringSerially: Bool = false,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ configure: @escaping @Sendable (Application) async throws -> Void
    ) -> Fixture<Application> {
      vaporApp(
        name, database: database, configuringSerially: configuringSerially, fileID: fileID,
        filePath: filePath, line: line, column: column
      ) { _, app in
        try await configure(app)
      }
    }

    /// Creates a fixture that gives each test its own Vapor app, configured by a closure that
    /// also gets the fixture's context, so the app can use other fixtures.
    ///
    /// ```swift
    /// extension Fixture where Value == Application {
    ///   static let app = Fixture.vaporApp("app", database: .postgres) { context, app in
    ///     try await configure(app)
    ///     let payments = try await context.use(.payments)    // a fake server of the test's own
    ///     app.payments.baseURL = payments.baseURL             // the app's outbound calls go there
    ///   }
    /// }
    /// ```
    ///
    /// Fixtures used here are set up before the app is configured and torn down after it has
    /// shut down. Everything else is as in
    /// ``vaporApp(_:database:configuringSerially:fileID:filePath:line:column:_:)-(_,_,_,_,_,_,_,(Application)->Void)``.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - database: The test's own database: `.postgres` (the default), `.sqlite` or `.none`.
    ///   - configuringSerially: Whether to make and configure one app at a time across the
    ///     process; the tests' bodies still run in parallel.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - configure: Configures the app, with the fixture's context to use other fixtures.
    public static func vaporApp(
      _ name: String = "vaporApp",
      database: VaporAppDatabase = .postgres,
      configuringSerially: Bool = false,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ configure: @escaping @Sendable (FixtureContext, Application) async throws -> Void
    ) -> Fixture<Application> {
      let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      var templates: PostgresTemplates?
      var sqliteTemplates: SQLiteTemplates?
      switch database.kind {
      case .postgres(_, let keepingFailed, let templateVersion):
        templates = PostgresTemplates(
          name: name, keepingFailed: keepingFailed, templateVersion: templateVersion,
          location: location)
      case .sqlite:
        sqliteTemplates = SQLiteTemplates(name: name, location: location)
      case .none:
        break
      }
      return Fixture(
        name, fileID: fileID, filePath: filePath, line: line, column: column
      ) { [templates, sqliteTemplates] context in
        let make: @Sendable () async throws -> Application = {
          let app = try await Application.make(.testing)
          do {
            try await configure(context, app)
          } catch {
            try? await app.asyncShutdown()
            throw VaporAppError.configureFailed(error)
          }
          return app
        }
        let app =
          configuringSerially ? try await ConfigureLock.shared.withLock(make) : try await make()
        do {
          try await VaporAppDatabaseSetup.provide(
            database, to: app, context: context, templates: templates,
            sqliteTemplates: sqliteTemplates)
        } catch {
          try? await app.asyncShutdown()
          throw error
        }
        // Registered after the database's own teardown: the app shuts down first.
        context.addTeardown(fileID: fileID, filePath: filePath, line: line, column: column) {
          if !app.didShutdown { try await app.asyncShutdown() }
        }
        return app
      }
    }
  }
#endif
