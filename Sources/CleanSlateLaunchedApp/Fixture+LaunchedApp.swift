#if LaunchedApp
  public import CleanSlate

  extension Fixture where Value == LaunchedApp {
    /// Creates a test-scoped fixture that launches an app for each test that uses it.
    ///
    /// A fixture is identified by its instance, so store the result in a `static let` and use that
    /// one everywhere:
    ///
    /// ```swift
    /// extension Fixture where Value == LaunchedApp {
    ///   static let todoApp = Fixture.launchedApp(
    ///     "todoApp",
    ///     LaunchedApp.Configuration(
    ///       executable: LaunchedApp.builtProduct("TodoApp"),
    ///       readiness: .line(containing: "ready")))
    /// }
    ///
    /// let app = try await use(.todoApp)   // launched, reset, ready
    /// ```
    ///
    /// Each test gets its own process, started in a session and process group of its own with the
    /// reset argument and a fresh token (unless ``LaunchedApp/Configuration/resetsOnLaunch`` is
    /// `false`). Setup waits for ``LaunchedApp/Configuration/readiness``; an app that does not get
    /// ready in time or ends first fails the setup, with its output. The teardown sends `SIGTERM`
    /// to the group, `SIGKILL` after the grace period, waits until the app is reaped, reports a
    /// crash or failure exit status as a failure of the test, and prints the app's output when
    /// the test failed.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - configuration: What to launch and how.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    public static func launchedApp(
      _ name: String,
      _ configuration: LaunchedApp.Configuration,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) -> Fixture<LaunchedApp> {
      launchedApp(
        name, fileID: fileID, filePath: filePath, line: line, column: column,
        configuration: { _ in configuration })
    }

    /// Creates a test-scoped fixture that launches an app configured at setup, for configurations
    /// that depend on other fixtures (a data directory, a free port).
    ///
    /// ```swift
    /// static let todoApp = Fixture.launchedApp("todoApp") { context in
    ///   let home = try await context.use(.dataHome)
    ///   return LaunchedApp.Configuration(
    ///     executable: LaunchedApp.builtProduct("TodoApp"),
    ///     environment: ["XDG_DATA_HOME": home.path],
    ///     readiness: .line(containing: "ready"))
    /// }
    /// ```
    public static func launchedApp(
      _ name: String,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      configuration: @escaping @Sendable (FixtureContext) async throws -> LaunchedApp.Configuration
    ) -> Fixture<LaunchedApp> {
      let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      return Fixture(
        name, scope: .test, fileID: fileID, filePath: filePath, line: line, column: column
      ) { context in
        try await LaunchedApp.launch(
          try await configuration(context), in: context, location: location)
      }
    }
  }
#endif
