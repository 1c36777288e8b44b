#if HTTP
  public import Foundation

  #if canImport(FoundationNetworking)
    public import FoundationNetworking
  #endif

  extension FakeServer {
    /// Answers a request in process, with no socket: the same routes, store, journal, faults and
    /// failures as over the loopback.
    ///
    /// For code built around a transport protocol, as a fake transport:
    ///
    /// ```swift
    /// protocol Transport: Sendable {
    ///   func data(for request: URLRequest) async throws -> (Data, URLResponse)
    /// }
    ///
    /// struct FakeTransport: Transport {
    ///   let server: FakeServer
    ///   func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    ///     try await server.respond(to: request)
    ///   }
    /// }
    /// ```
    ///
    /// Only the request's method, path, query, header fields and body are used; its host and port
    /// are ignored. A latency or trickle fault waits as long as it would over a socket; `reset`
    /// and `closeMidResponse` throw `URLError(.networkConnectionLost)` and `malformedResponse`
    /// throws `URLError(.badServerResponse)`, as `URLSession` would.
    ///
    /// - Throws: `URLError(.cannotConnectToHost)` once the server has stopped, and the errors of
    ///   faults above.
    public func respond(to request: URLRequest) async throws -> (Data, HTTPURLResponse) {
      var headers = HTTPFields()
      for (name, value) in request.allHTTPHeaderFields ?? [:] {
        if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
      }
      let url = request.url ?? baseURL
      var target = url.path(percentEncoded: true)
      if let query = url.query(percentEncoded: true) { target += "?" + query }
      let method = request.httpMethod.flatMap { HTTPRequest.Method($0) } ?? .get
      let response = try await respond(
        method: method, target: target, headers: headers, body: request.httpBody ?? Data())
      var fields: [String: String] = [:]
      for field in response.headers {
        fields[field.name.rawName] =
          fields[field.name.rawName].map { "\($0), \(field.value)" }
          ?? field.value
      }
      let answer = HTTPURLResponse(
        url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: fields)!
      return (response.body, answer)
    }

    /// Answers a request given as swift-http-types' `HTTPRequest`, in process, with no socket;
    /// see ``respond(to:)-(URLRequest)``.
    ///
    /// - Parameters:
    ///   - request: The request; its path (with the query) and method are used.
    ///   - body: Its body.
    /// - Returns: The body and the response, in the order `URLSession`'s methods return them.
    public func respond(
      to request: HTTPRequest, body: Data = Data()
    ) async throws -> (
      Data, HTTPResponse
    ) {
      let response = try await respond(
        method: request.method, target: request.path ?? "/", headers: request.headerFields,
        body: body)
      return (response.body, HTTPResponse(status: response.status, headerFields: response.headers))
    }

    private func respond(
      method: HTTPRequest.Method, target: String, headers: HTTPFields, body: Data
    ) async throws -> Response {
      guard !isStopped else { throw URLError(.cannotConnectToHost) }
      let limit = maximumBodySize
      guard body.count <= limit else {
        return .error(
          "The body is larger than this fake server's limit of \(limit) bytes (maximumBodySize).",
          status: .contentTooLarge)
      }
      let exchange = receive(
        Request(method: method, target: target, headers: headers, body: body))
      if exchange.latency > .zero { try await Task.sleep(for: exchange.latency) }
      let response = exchange.isImmediate ? answerImmediately(exchange) : await answer(exchange)
      switch exchange.ending {
      case .reset, .closeMidResponse: throw URLError(.networkConnectionLost)
      case .malformedResponse: throw URLError(.badServerResponse)
      case .answer, .status: break
      }
      if let trickle = exchange.trickle, !response.body.isEmpty {
        let chunks = (response.body.count + trickle.bytes - 1) / trickle.bytes
        try await Task.sleep(for: trickle.interval * chunks)
      }
      return response
    }
  }
#endif
