#if HTTP
  import CleanSlate
  import HTTPTypes

  /// Something that went wrong on the server side during a test, reported when the body ends.
  enum Incident: Sendable {
    /// A request matched no route (and unmatched requests are not allowed), answered `status`.
    case unmatched(FakeServer.Request, status: HTTPResponse.Status)
    /// A route's handler threw, or its response could not be encoded.
    case handlerFailed(route: Route, error: String, request: FakeServer.Request)
    /// The fake was used wrongly where no test could be told (an expectation declared outside a
    /// test).
    case misuse(CleanSlateError)
  }
#endif
