#if HTTP
  import HTTPTypes
  import NIOCore

  /// Writes responses as HTTP/1.1 bytes.
  enum ResponseEncoding {
    /// The status line and header fields of `response`, with `Content-Length` for a body of
    /// `bodyLength` bytes and `Connection: close` unless the connection is kept alive.
    static func head(
      of response: FakeServer.Response, bodyLength: Int, keepAlive: Bool,
      allocator: ByteBufferAllocator
    ) -> ByteBuffer {
      var buffer = allocator.buffer(capacity: 128 + response.headers.count * 32)
      buffer.writeString("HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n")
      for field in response.headers
      where field.name != .contentLength && field.name != .connection {
        buffer.writeString("\(field.name.rawName): \(field.value)\r\n")
      }
      if hasBody(response.status) { buffer.writeString("Content-Length: \(bodyLength)\r\n") }
      if !keepAlive { buffer.writeString("Connection: close\r\n") }
      buffer.writeString("\r\n")
      return buffer
    }

    /// Whether a response with `status` may have a body (1xx, 204 and 304 may not).
    static func hasBody(_ status: HTTPResponse.Status) -> Bool {
      !(100..<200).contains(status.code) && status.code != 204 && status.code != 304
    }

    /// What a malformed response sends: a line that no HTTP client can parse.
    static let malformed = "HTTP/1.1 ??? NOT HTTP\r\n\u{1}\u{2}garbage\r\n\r\n"

    /// The interim answer to `Expect: 100-continue`.
    static let continueHead = "HTTP/1.1 100 Continue\r\n\r\n"
  }
#endif
