#if HTTP
  import CleanSlate
  import Foundation
  import HTTPTypes

  extension FakeServer {
    /// Journals `request`, finds the route that answers it and the faults that apply, counting
    /// each fault that applies against its `next` requests.
    func receive(_ request: Request) -> Exchange {
      let path = PathSegments.split(request.path)
      return state.withLock { state in
        var request = request
        var route: Route?
        for candidate in state.routes.reversed() where candidate.method == request.method {
          if let parameters = candidate.pattern.match(path) {
            route = candidate
            request.parameters = parameters
            break
          }
        }
        var exchange = Exchange(request: request, index: state.journal.count, route: route)
        state.journal.append(JournalEntry(request: request))
        Self.applyFaults(to: &exchange, path: path, from: &state.faults)
        return exchange
      }
    }

    /// Applies the faults that match: every latency, the last trickle, and of those that replace
    /// the answer the one injected last; each one applied counts against its `next` requests.
    private static func applyFaults(
      to exchange: inout Exchange, path: [String], from faults: inout [FaultInjection]
    ) {
      var answerDecided = false
      for index in faults.indices.reversed()
      where faults[index].applies(to: exchange.request.method, path) {
        switch faults[index].fault.kind {
        case .latency(let delay):
          exchange.latency += delay
        case .trickle(let bytes, let interval):
          guard exchange.trickle == nil else { continue }
          exchange.trickle = (bytes, interval)
        case .status, .reset, .closeMidResponse, .malformedResponse:
          guard !answerDecided, let ending = faults[index].fault.ending else { continue }
          exchange.ending = ending
          answerDecided = true
        }
        faults[index].remaining? -= 1
      }
      faults.removeAll { $0.remaining == 0 }
    }

    /// Answers an exchange whose answer needs no waiting (``Exchange/isImmediate``).
    func answerImmediately(_ exchange: Exchange) -> Response {
      if let decided = decidedAnswer(to: exchange) { return decided }
      guard let route = exchange.route else { return unmatched(exchange) }
      switch route.handler {
      case .immediate(let handler):
        return finish(exchange, route: route, with: Result { try handler(exchange.request) })
      case .async:
        return finish(
          exchange, route: route,
          with: .failure(CleanSlateHTTPBug("an async route was answered at once")))
      }
    }

    /// Answers an exchange, running its route's handler; the caller has waited for its latency.
    func answer(_ exchange: Exchange) async -> Response {
      guard exchange.runsHandler, let route = exchange.route,
        case .async(let handler) = route.handler
      else {
        return answerImmediately(exchange)
      }
      let result: Result<Response, any Error>
      do {
        result = .success(try await handler(exchange.request))
      } catch {
        result = .failure(error)
      }
      return finish(exchange, route: route, with: result)
    }

    /// Records how an exchange ended without a response (a reset, a malformed answer).
    func recordOutcome(of exchange: Exchange, _ outcome: String) {
      state.withLock { $0.journal[exchange.index].outcome = outcome }
    }

    /// The answer when a fault decides it, with no handler to run.
    private func decidedAnswer(to exchange: Exchange) -> Response? {
      switch exchange.ending {
      case .answer, .closeMidResponse:
        return nil
      case .status(let status):
        recordOutcome(of: exchange, "\(status.code) (injected)")
        return .status(status)
      case .reset:
        recordOutcome(of: exchange, "connection reset (injected)")
        return .status(.ok)
      case .malformedResponse:
        recordOutcome(of: exchange, "malformed response (injected)")
        return .status(.ok)
      }
    }

    private func unmatched(_ exchange: Exchange) -> Response {
      let (response, allowed) = state.withLock { state in
        state.journal[exchange.index].outcome = "\(state.unmatchedResponse.status.code) (no route)"
        return (state.unmatchedResponse, state.allowsUnmatchedRequests)
      }
      if !allowed { record(.unmatched(exchange.request, status: response.status)) }
      return response
    }

    private func finish(
      _ exchange: Exchange, route: Route, with result: Result<Response, any Error>
    ) -> Response {
      let response: Response
      var failure: String?
      switch result {
      case .success(let answer) where answer.encodingFailure != nil:
        failure = answer.encodingFailure
        response = .error(
          "The handler of \(route) failed: \(failure!)", status: .internalServerError)
      case .success(let answer):
        response = answer
      case .failure(let error as BadRequest):
        response = .error(error.reason, status: .badRequest)
      case .failure(let error):
        failure = "\(error)"
        response = .error("The handler of \(route) threw: \(error)", status: .internalServerError)
      }
      let cut =
        if case .closeMidResponse = exchange.ending { ", closed mid-response (injected)" } else {
          ""
        }
      let stopped = state.withLock { state in
        state.journal[exchange.index].outcome = "\(response.status.code)\(cut)"
        return state.stopped
      }
      // A handler cancelled because the server stopped is no failure of the test.
      if let failure, !(stopped && result.isCancellation) {
        record(.handlerFailed(route: route, error: failure, request: exchange.request))
      }
      return response
    }
  }

  /// A mistake of CleanSlateHTTP's own, reported as the handler's failure rather than a crash.
  struct CleanSlateHTTPBug: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "CleanSlateHTTP bug: \(description)" }
  }

  extension Result where Failure == any Error {
    fileprivate var isCancellation: Bool {
      if case .failure(let error) = self { return error is CancellationError }
      return false
    }
  }
#endif
