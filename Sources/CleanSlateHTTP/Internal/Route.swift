#if HTTP
  import CleanSlate
  import HTTPTypes

  /// A declared route: what it matches, what answers it, where it was declared.
  struct Route: Sendable, CustomStringConvertible {
    /// How a route answers: at once (stubs, resources), or through an `async` handler.
    enum Handler: Sendable {
      case immediate(@Sendable (FakeServer.Request) throws -> FakeServer.Response)
      case async(@Sendable (FakeServer.Request) async throws -> FakeServer.Response)
    }

    let method: HTTPRequest.Method
    let pattern: RoutePattern
    let handler: Handler
    let location: CodeLocation

    /// The route as `GET /users/:id`.
    var description: String { "\(method) \(pattern)" }
  }

  /// A fault injected for the whole server or for one method and path pattern.
  struct FaultInjection: Sendable {
    let fault: FakeServer.Fault
    let method: HTTPRequest.Method?
    let pattern: RoutePattern?
    /// How many more requests it applies to; `nil` for every one.
    var remaining: Int?

    func applies(to method: HTTPRequest.Method, _ path: [String]) -> Bool {
      guard remaining.map({ $0 > 0 }) ?? true else { return false }
      guard let pattern else { return true }
      return method == self.method && pattern.match(path) != nil
    }
  }
#endif
