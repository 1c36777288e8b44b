#if HTTP
  import CleanSlateHTTP
  import Foundation

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// An answer the client got.
  struct Reply: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body parsed as JSON.
    var json: JSONValue { get throws { try JSONValue(parsing: body) } }

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// A header's value, whatever the case of its name.
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  /// Sends requests with `URLSession`, as the code under test would.
  enum Client {
    /// One session for every test: connections are kept per host and port, so tests with fakes of
    /// their own never share one.
    static let session = URLSession(configuration: .ephemeral)

    /// Sends a request to `path` on `server`, with a JSON body when `json` is given.
    static func send(
      _ method: String, _ path: String, to server: FakeServer, json: JSONValue? = nil,
      body: Data? = nil, headers: [String: String] = [:], timeout: TimeInterval = 30
    ) async throws -> Reply {
      var request = URLRequest(url: server.url(path), timeoutInterval: timeout)
      request.httpMethod = method
      for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
      if let json {
        request.httpBody = try json.encoded()
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      } else if let body {
        request.httpBody = body
      }
      let (data, response) = try await session.data(for: request)
      let http = response as! HTTPURLResponse
      var fields: [String: String] = [:]
      for case (let name as String, let value as String) in http.allHeaderFields {
        fields[name] = value
      }
      return Reply(status: http.statusCode, headers: fields, body: data)
    }
  }
#endif
