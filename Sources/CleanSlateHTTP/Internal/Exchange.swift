#if HTTP
  import HTTPTypes

  /// One request on its way through the fake: journaled, routed, with the faults that apply.
  struct Exchange: Sendable {
    /// How the exchange ends.
    enum Ending: Sendable {
      /// Answer with the route's response (or the unmatched one).
      case answer
      /// Answer with this status, without running the handler.
      case status(HTTPResponse.Status)
      /// Reset the connection without answering.
      case reset
      /// Send the head and half of the body, then close.
      case closeMidResponse
      /// Send bytes that are not HTTP, then close.
      case malformedResponse
    }

    /// The request, with the matched route's parameters.
    var request: FakeServer.Request
    /// Its position in the journal.
    let index: Int
    /// The route that answers it, `nil` when none matches.
    let route: Route?
    /// The added latency of every latency fault that applies.
    var latency: Duration = .zero
    /// How to trickle the body, when a trickle fault applies.
    var trickle: (bytes: Int, interval: Duration)?
    var ending: Ending = .answer

    /// Whether the route's handler runs: unless a fault answers instead.
    var runsHandler: Bool {
      switch ending {
      case .answer, .closeMidResponse: true
      case .status, .reset, .malformedResponse: false
      }
    }

    /// Whether the answer can be made at once, on the caller's thread: no latency to wait and no
    /// `async` handler to run.
    var isImmediate: Bool {
      guard latency == .zero else { return false }
      if runsHandler, let route, case .async = route.handler { return false }
      return true
    }
  }
#endif
