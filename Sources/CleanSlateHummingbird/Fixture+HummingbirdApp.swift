#if Hummingbird
  public import CleanSlate
  public import Hummingbird
  public import HummingbirdTesting

  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  extension Fixture where Value == HummingbirdTestClient {
    /// Creates a fixture that builds a Hummingbird app for each test, runs it with
    /// HummingbirdTesting, and gives the test the client for it.
    ///
    /// ```swift
    /// import CleanSlateHummingbird
    ///
    /// extension Fixture where Value == HummingbirdTestClient {
    ///   static let api = Fixture.hummingbirdApp("api", testing: .live) { context in
    ///     let database = try await context.use(.ordersDatabase)
    ///     return try await buildApplication(postgres: database.clientConfiguration)
    ///   }
    /// }
    ///
    /// @Suite(.cleanSlate) struct OrderTests {
    ///   @Test func listsOrders() async throws {
    ///     let client = try await use(.api)
    ///     try await client.execute(uri: "/orders", method: .get) { #expect($0.status == .ok) }
    ///   }
    /// }
    /// ```
    ///
    /// `build` gets the fixture's context, so the app's dependencies (a database, a fake server
    /// for its outbound calls) are fixtures of their own, set up before the app and torn down
    /// after it. Setup runs the app as `app.test(testing) { client in … }` would, and returns
    /// once the client is ready (for `.live` and `.ahc`, once the server listens); a failure to
    /// start fails the test at the line that asked for the app. The teardown ends that run: the
    /// client disconnects and the app shuts down gracefully (its services too), so a live
    /// server's port refuses connections afterwards.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, shown in failures and in the trace.
    ///   - testing: How the client reaches the app: `.router` (the default: straight to the
    ///     router, no server), `.live` (a server on an ephemeral port) or `.ahc(.http)`
    ///     (AsyncHTTPClient against a live server).
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    ///   - build: Builds the app, with the fixture's context to use other fixtures.
    public static func hummingbirdApp<App: ApplicationProtocol>(
      _ name: String = "hummingbirdApp",
      testing: TestingSetup = .router,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ build: @escaping @Sendable (FixtureContext) async throws -> App
    ) -> Fixture<HummingbirdTestClient> {
      Fixture(name, fileID: fileID, filePath: filePath, line: line, column: column) { context in
        let offered = OfferedSettings()
        let app = try await OfferedSettings.$current.withValue(offered) { try await build(context) }
        let run: AppTestRun
        do {
          run = try await AppTestRun.start(app, testing: testing)
        } catch {
          // An app that never read the database settings it was offered failed to reach a
          // server of its own choosing: say so, beside what PostgresNIO said.
          if let explanation = offered.unreadExplanation {
            throw AppStartFailure(error: error, explanation: explanation)
          }
          throw error
        }
        context.addTeardown(fileID: fileID, filePath: filePath, line: line, column: column) {
          try await run.stop()
        }
        return run.client
      }
    }
  }
#endif
