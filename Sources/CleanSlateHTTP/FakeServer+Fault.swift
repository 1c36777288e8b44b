#if HTTP
  extension FakeServer {
    /// Something that goes wrong on purpose, injected with
    /// ``FakeServer/inject(_:on:_:next:)`` or ``FakeServer/inject(_:next:)``.
    ///
    /// ```swift
    /// api.inject(.latency(.milliseconds(200)), on: .get, "/todos")   // every GET /todos
    /// api.inject(.status(503), next: 2)                              // the next two requests
    /// api.inject(.reset, on: .post, "/todos", next: 1)              // the next POST only
    /// ```
    ///
    /// Every injected fault that matches a request applies to it: latencies add up, a trickle slows
    /// the answer down, and of the faults that replace the answer (`status`, `reset`,
    /// `closeMidResponse`, `malformedResponse`) the one injected last wins. Each fault that applied
    /// counts one of its `next` requests. The request is in the journal either way.
    public struct Fault: Sendable, CustomStringConvertible {
      enum Kind: Sendable {
        case latency(Duration)
        case trickle(bytes: Int, interval: Duration)
        case status(HTTPResponse.Status)
        case reset
        case closeMidResponse
        case malformedResponse
      }

      let kind: Kind

      /// Waits `delay` before answering.
      public static func latency(_ delay: Duration) -> Fault { Fault(kind: .latency(delay)) }

      /// Sends the body slowly: `bytes` at a time, one chunk every `interval`, after the head.
      public static func trickle(bytes: Int = 1, every interval: Duration) -> Fault {
        Fault(kind: .trickle(bytes: max(1, bytes), interval: interval))
      }

      /// Answers `status` with no body, without running the route's handler.
      public static func status(_ status: HTTPResponse.Status) -> Fault {
        Fault(kind: .status(status))
      }

      /// Resets the connection (a TCP reset) instead of answering, without running the handler.
      /// In process, ``FakeServer/respond(to:)-(URLRequest)`` throws `URLError(.networkConnectionLost)`.
      public static let reset = Fault(kind: .reset)

      /// Runs the handler, sends the head and half of the body, then closes the connection. In
      /// process, ``FakeServer/respond(to:)-(URLRequest)`` throws
      /// `URLError(.networkConnectionLost)`.
      public static let closeMidResponse = Fault(kind: .closeMidResponse)

      /// Answers bytes that are not HTTP, then closes the connection, without running the handler.
      /// In process, ``FakeServer/respond(to:)-(URLRequest)`` throws
      /// `URLError(.badServerResponse)`.
      public static let malformedResponse = Fault(kind: .malformedResponse)

      /// The fault, as `latency 200 ms`.
      public var description: String {
        switch kind {
        case .latency(let delay): "latency \(delay)"
        case .trickle(let bytes, let interval): "trickle \(bytes) byte(s) every \(interval)"
        case .status(let status): "status \(status.code)"
        case .reset: "connection reset"
        case .closeMidResponse: "connection closed mid-response"
        case .malformedResponse: "malformed response"
        }
      }

      /// How the fault ends the exchange, for one that replaces the answer; `nil` for one that
      /// only slows it down.
      var ending: Exchange.Ending? {
        switch kind {
        case .latency, .trickle: nil
        case .status(let status): .status(status)
        case .reset: .reset
        case .closeMidResponse: .closeMidResponse
        case .malformedResponse: .malformedResponse
        }
      }
    }
  }
#endif
