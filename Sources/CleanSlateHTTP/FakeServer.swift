#if HTTP
  import CleanSlate
  public import Foundation

  /// A fake HTTP server for one test: its own routes, in-memory resources, journal and
  /// expectations, listening on 127.0.0.1 on a port of its own.
  ///
  /// Declare it as a fixture with ``CleanSlate/Fixture/fakeServer(_:scope:fileID:filePath:line:column:configure:)``
  /// and use it like any other:
  ///
  /// ```swift
  /// extension Fixture where Value == FakeServer {
  ///   static let api = Fixture.fakeServer("api") { server in
  ///     server.resource("/todos")                                   // in-memory CRUD
  ///     server.route(.get, "/users/:id") { request in .json(["id": request.parameters["id"]]) }
  ///     server.stub(.get, "/health", responses: [.status(503), .status(200)])
  ///   }
  /// }
  ///
  /// let api = try await use(.api)            // api.baseURL is http://127.0.0.1:<port>
  /// api.expect(.post, "/todos", times: 1)    // checked when the body ends, reported at this line
  /// api.inject(.latency(.milliseconds(200)), on: .get, "/todos")
  /// ```
  ///
  /// Give ``baseURL`` to the code under test (any HTTP client, or a launched app through
  /// ``environment(_:)``), or call ``respond(to:)-(URLRequest)`` for code built around a
  /// transport protocol: the same routes answer, with no socket at all.
  ///
  /// When the test body ends, unmet expectations fail the test at the line that declared them,
  /// and every request that matched no route and every handler that threw is reported once (see
  /// <doc:TestingAgainstAFakeServer>). The fixture's teardown stops the server and closes every
  /// connection, whatever the test's outcome.
  public final class FakeServer: Sendable {
    /// The fixture's name, shown in failures.
    public let name: String
    /// Where the fixture was declared: unmatched requests are reported there.
    let location: CodeLocation
    let state = Locked(ServerState())

    init(name: String, location: CodeLocation, scope: ScopeRuntime) {
      self.name = name
      self.location = location
      state.withLock { $0.scope = scope }
    }

    /// The port the server listens on, on 127.0.0.1.
    public var port: Int { state.withLock { $0.loopback?.port ?? 0 } }

    /// The server's address, as `http://127.0.0.1:49152`: give it to the code under test.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of `path` on the server, as `http://127.0.0.1:49152/todos?page=2`; a path that is
    /// not a valid URL path as it stands (`/a b`) is percent-encoded.
    public func url(_ path: String) -> URL {
      let path = path.hasPrefix("/") ? path : "/" + path
      return URL(string: baseURL.absoluteString + path) ?? baseURL.appending(path: path)
    }

    /// Every request received so far, in order, with its body: a request is journaled as soon as
    /// it has arrived, before it is answered, so a client that goes away early loses nothing.
    public var journal: [Request] { state.withLock { $0.journal.map(\.request) } }

    /// The largest request body accepted, in bytes; a larger one is answered 413 Content Too
    /// Large and the connection is closed. 8 MiB by default.
    public var maximumBodySize: Int {
      get { state.withLock { $0.maximumBodySize } }
      set { state.withLock { $0.maximumBodySize = max(0, newValue) } }
    }

    /// Whether a request that matches no route is allowed; when `false` (the default), each one
    /// fails the test with the closest routes, when the body ends.
    public var allowsUnmatchedRequests: Bool {
      get { state.withLock { $0.allowsUnmatchedRequests } }
      set { state.withLock { $0.allowsUnmatchedRequests = newValue } }
    }

    /// The answer to a request that matches no route: 404 with a JSON error by default.
    public var unmatchedResponse: Response {
      get { state.withLock { $0.unmatchedResponse } }
      set { state.withLock { $0.unmatchedResponse = newValue } }
    }

    /// The variables that tell a launched app where the fake is: `[name: baseURL]`.
    ///
    /// ```swift
    /// static let app = Fixture.launchedApp("app") { context in
    ///   let api = try await context.use(.api)
    ///   return LaunchedApp.Configuration(
    ///     executable: LaunchedApp.builtProduct("TodoApp"),
    ///     environment: api.environment("TODO_API_URL"))
    /// }
    /// ```
    ///
    /// The app reads it as it would read its real server's address:
    /// `ProcessInfo.processInfo.environment["TODO_API_URL"]`.
    public func environment(_ name: String = "CLEANSLATE_FAKE_SERVER_URL") -> [String: String] {
      [name: baseURL.absoluteString]
    }
  }

  /// What a fake server holds, behind one lock.
  struct ServerState {
    var routes: [Route] = []
    var resources: [String: FakeServer.Resource] = [:]
    var journal: [JournalEntry] = []
    var faults: [FaultInjection] = []
    var incidents: [Incident] = []
    var maximumBodySize = 8 << 20
    var allowsUnmatchedRequests = false
    var unmatchedResponse = ServerState.defaultUnmatchedResponse
    var loopback: LoopbackServer?
    var stopped = false
    /// The scope the server belongs to, told of incidents when the test body ends.
    weak var scope: ScopeRuntime?
    /// Whether that scope has a body-end check for the incidents.
    var reportsIncidents = false
    /// Handlers still running, cancelled when the server stops.
    var handlerTasks: [Int: Task<Void, Never>] = [:]
    var nextTaskID = 0
  }

  extension ServerState {
    /// 404 with a JSON error, encoded once for every server.
    static let defaultUnmatchedResponse = FakeServer.Response.error(
      "No route of this fake server matches the request.", status: .notFound)
  }

  /// A journaled request and what it got.
  struct JournalEntry: Sendable {
    var request: FakeServer.Request
    /// The status sent, or the fault that ended the exchange; `nil` while it is being answered.
    var outcome: String?
  }
#endif
