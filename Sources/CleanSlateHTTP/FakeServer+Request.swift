#if HTTP
  public import Foundation

  extension FakeServer {
    /// A request the fake received: what a route's handler gets, and what the journal keeps.
    ///
    /// ```swift
    /// server.route(.put, "/users/:id") { request in
    ///   let id = request.parameters["id"]!            // from the path pattern
    ///   let user = try request.decode(User.self)      // invalid JSON answers 400 with the reason
    ///   return .json(["id": id, "name": user.name])
    /// }
    /// ```
    public struct Request: Sendable {
      /// The method, as `.get`.
      public var method: HTTPRequest.Method
      /// The path, as sent (percent-encoded), without the query: `/users/42`.
      public var path: String
      /// The query items, in order, percent-decoded; a name may come more than once.
      public var queryItems: [URLQueryItem]
      /// The header fields.
      public var headers: HTTPFields
      /// The body; empty when there is none.
      public var body: Data
      /// The values of the route pattern's parameters, percent-decoded: `["id": "42"]` for
      /// `/users/:id`. Empty in the journal of a request no route matched.
      public var parameters: [String: String]

      /// The first value of each query item, by name: `request.query["page"]`.
      public var query: [String: String] {
        var query: [String: String] = [:]
        for item in queryItems where query[item.name] == nil { query[item.name] = item.value ?? "" }
        return query
      }

      /// The body as UTF-8 text.
      public var text: String { String(decoding: body, as: UTF8.self) }

      /// The body parsed as JSON.
      ///
      /// - Throws: ``FakeServer/BadRequest`` with the reason when the body is not JSON; a handler
      ///   that lets it propagate answers 400 with that reason.
      public var json: JSONValue {
        get throws { try JSONValue(parsing: body) }
      }

      /// Decodes the body as JSON into `type`.
      ///
      /// - Throws: ``FakeServer/BadRequest`` with the reason when the body is not JSON of that
      ///   shape; a handler that lets it propagate answers 400 with that reason.
      public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
          return try JSONDecoder().decode(type, from: body)
        } catch {
          throw BadRequest(
            "The body is not valid JSON for \(type): \(JSONValue.reason(for: error))")
        }
      }

      /// The method and path with the query, as `POST /todos?draft=1`.
      var line: String {
        let query = queryItems.isEmpty ? "" : "?" + queryString
        return "\(method) \(path)\(query)"
      }

      private var queryString: String {
        queryItems.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
          .joined(separator: "&")
      }
    }

    /// An error a handler throws to answer 400 Bad Request with a reason, rather than 500.
    ///
    /// The request helpers ``Request/decode(_:)`` and ``Request/json`` throw it for a body that is
    /// not the JSON they expect. The client gets `{"error": reason}`; the test gets no issue: a bad
    /// request is the client's mistake, which the test asserts on.
    ///
    /// ```swift
    /// guard let title = try request.json["title"]?.stringValue else {
    ///   throw FakeServer.BadRequest("A todo needs a title.")
    /// }
    /// ```
    public struct BadRequest: Error, Sendable, CustomStringConvertible {
      /// Why the request is refused, as sent to the client.
      public var reason: String

      /// Creates the error with the reason sent to the client.
      public init(_ reason: String) { self.reason = reason }

      /// The reason.
      public var description: String { reason }
    }
  }
#endif
