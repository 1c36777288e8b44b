#if HTTP
  public import Foundation

  extension FakeServer {
    /// What a route answers: a status, header fields and a body.
    ///
    /// The helpers cover the usual answers:
    ///
    /// ```swift
    /// .json(["id": 1, "title": "Buy milk"])       // 200, application/json
    /// .json(todo, status: .created)                // any Encodable
    /// .text("pong")                                // 200, text/plain
    /// .empty                                       // 204 No Content
    /// .status(503)                                 // that status, no body
    /// ```
    public struct Response: Sendable {
      /// The status, as `.ok` or `503`.
      public var status: HTTPResponse.Status
      /// The header fields; `Content-Length` is added when the response is sent.
      public var headers: HTTPFields
      /// The body.
      public var body: Data
      /// Why encoding the body failed, reported as the handler's failure.
      var encodingFailure: String?

      /// Creates a response.
      public init(status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], body: Data = Data())
      {
        self.status = status
        self.headers = headers
        self.body = body
      }

      /// A JSON response.
      public static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        json(encoding: value, status: status)
      }

      /// A JSON response with any `Encodable` value, encoded with sorted keys.
      ///
      /// A value that cannot be encoded (a `Double.nan`, say) answers 500 and is reported as a
      /// failure of the route's handler.
      public static func json<Value: Encodable>(
        _ value: Value, status: HTTPResponse.Status = .ok
      ) -> Response {
        json(encoding: value, status: status)
      }

      /// A UTF-8 text response.
      public static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
          status: status, headers: [.contentType: "text/plain; charset=utf-8"],
          body: Data(text.utf8))
      }

      /// A 204 No Content response.
      public static var empty: Response { Response(status: .noContent) }

      /// A response with `status` and no body.
      public static func status(_ status: HTTPResponse.Status) -> Response {
        Response(status: status)
      }

      private static func json(
        encoding value: some Encodable, status: HTTPResponse.Status
      )
        -> Response
      {
        var response = Response(status: status, headers: [.contentType: "application/json"])
        do {
          response.body = try JSONValue.encoder.encode(value)
        } catch {
          response.encodingFailure = "The response body could not be encoded as JSON: \(error)"
        }
        return response
      }

      /// A JSON error body, `{"error": reason}`, as the fake's own answers use.
      static func error(_ reason: String, status: HTTPResponse.Status) -> Response {
        .json(["error": .string(reason)], status: status)
      }
    }
  }
#endif
