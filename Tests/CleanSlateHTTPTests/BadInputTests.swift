#if HTTP
  import CleanSlate
  import CleanSlateHTTP
  import CleanSlateTestSupport
  import CleanSlateTesting
  import Foundation
  import Testing

  /// Bad input never crashes the fake or the test process: bytes that are not HTTP are answered
  /// 400, a body over the limit 413, a body that is not the JSON a handler wants 400 with the
  /// reason, and a handler that throws 500 with an issue at the route's declaration.
  @Suite struct BadInputTests {
    @Test(arguments: [
      "NOT HTTP AT ALL\r\n\r\n",
      "GET /todos HTTP/1.1\r\nHost: t\r\nContent-Length: banana\r\n\r\n",
      "GET /todos HTTP/1.1\r\nno colon in this header\r\n\r\n",
      "\u{0}\u{1}\u{2}\u{3}\r\n\r\n",
    ])
    func bytesThatAreNotHTTPAreAnswered400AndTheServerGoesOn(_ garbage: String) async throws {
      let run = try await TraitRun.run {
        // Given a server
        let api = try await use(.api)

        // When a client sends bytes that are not an HTTP request
        let connection = try await RawConnection.connect(to: api.port)
        await connection.send(garbage)
        let received = await connection.receive()

        // Then it gets 400 and the connection is closed, and the server still answers others
        #expect(received.text.hasPrefix("HTTP/1.1 400 Bad Request"), "\(received.text)")
        #expect(received.text.contains("Connection: close"))
        #expect(received.end == .closed)
        #expect(try await Client.send("GET", "/todos", to: api).status == 200)
      }
      // and the test gets no issue: the client's mistake is for the test to assert
      #expect(run.issues.isEmpty)
    }

    @Test(.cleanSlate) func aBodyOverTheLimitIsAnswered413AndNeverReachesTheRoute() async throws {
      // Given a server that accepts 16 bytes
      let api = try await use(.api)
      #expect(api.maximumBodySize == 8 << 20)
      api.maximumBodySize = 16

      // When a client posts 17 bytes, then 16 bytes
      let over = try await Client.send(
        "POST", "/todos", to: api, body: Data(#"{"title":"12345"}"#.utf8))
      let under = try await Client.send(
        "POST", "/todos", to: api, body: Data(#"{"title":"1234"}"#.utf8))

      // Then the first is refused with the limit, the second created
      #expect(over.status == 413)
      #expect(
        try over.json["error"]?.stringValue?.contains("limit of 16 bytes (maximumBodySize)") == true
      )
      #expect(under.status == 201)
      #expect(api.journal.count == 1)
    }

    @Test(.cleanSlate) func aChunkedBodyOverTheLimitIsAnswered413Too() async throws {
      // Given a server that accepts 8 bytes
      let api = try await use(.api)
      api.maximumBodySize = 8

      // When a client sends a chunked body of 10 bytes
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send(
        "POST /todos HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n5\r\n\"b\"}\r\n0\r\n\r\n"
      )
      let received = await connection.receive()

      // Then it is refused and the connection closed
      #expect(received.text.hasPrefix("HTTP/1.1 413 Content Too Large"), "\(received.text)")
      #expect(received.end == .closed)
      #expect(api.journal.isEmpty)
    }

    @Test(.cleanSlate) func aClientStillSendingAnOversizedBodyReadsThe413() async throws {
      // Given a server that accepts 1 KiB
      let api = try await use(.api)
      api.maximumBodySize = 1_024

      // When a client announces 4 MiB and sends all of it without waiting for an answer
      let connection = try await RawConnection.connect(to: api.port)
      let size = 4 << 20
      await connection.send("POST /todos HTTP/1.1\r\nHost: t\r\nContent-Length: \(size)\r\n\r\n")
      await connection.send(Data(repeating: UInt8(ascii: "x"), count: size))
      let received = await connection.receive()

      // Then it reads the refusal, and the connection closes without a reset
      #expect(
        received.text.hasPrefix("HTTP/1.1 413 Content Too Large"), "\(received.text.prefix(80))")
      #expect(received.end == .closed)
    }

    @Test(.cleanSlate) func expectContinueIsAnsweredSoClientsSendTheirBodyAtOnce() async throws {
      let api = try await use(.api)
      let connection = try await RawConnection.connect(to: api.port)
      await connection.send(
        "POST /todos HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
      let interim = await connection.receive(through: "\r\n\r\n")
      #expect(interim.text == "HTTP/1.1 100 Continue\r\n\r\n")
    }

    @Test(.cleanSlate) func jsonThatIsNotWhatTheHandlerDecodesIs400WithTheReason() async throws {
      // Given a route that decodes a type
      struct Signup: Decodable { var email: String }
      let api = try await use(.bare)
      api.route(.post, "/signups") { request in
        _ = try request.decode(Signup.self)
        return .status(.created)
      }

      // When a client posts text that is not JSON, then JSON without the email
      let text = try await Client.send("POST", "/signups", to: api, body: Data("email=a@b.c".utf8))
      let shape = try await Client.send("POST", "/signups", to: api, json: ["name": "Ada"])

      // Then both are 400 with the reason
      #expect(text.status == 400)
      #expect(
        try text.json["error"]?.stringValue?.hasPrefix("The body is not valid JSON for Signup: ")
          == true)
      #expect(shape.status == 400)
      #expect(
        try shape.json == [
          "error": "The body is not valid JSON for Signup: no value for the key 'email'."
        ])
    }

    @Test func aResponseThatCannotBeEncodedIs500AndAnIssueAtTheRoute() async throws {
      // Given a route whose JSON cannot be encoded
      let line = Locked(0)
      let run = try await TraitRun.run {
        let api = try await use(.bare)
        line.withLock { $0 = #line + 1 }
        api.route(.get, "/ratio") { _ in .json(["ratio": Double.nan]) }

        // When a client asks for it
        let reply = try await Client.send("GET", "/ratio", to: api)
        #expect(reply.status == 500)
      }

      // Then the test fails once, at the route, with the reason
      #expect(run.failures.map(\.code) == [.handlerFailed])
      #expect(run.issues.first?.sourceLocation?.line == line.value)
      #expect(
        run.failures.map(\.summary) == [
          """
          The handler of GET /ratio on fake server 'bare' failed on GET /ratio: The response body could not be encoded as JSON: EncodingError.invalidValue: nan (Double). Path: ratio. Debug description: Unable to encode Double.nan directly in JSON.. The client got 500.
            requests received (1):
              1. GET /ratio → 500
          """
        ])
    }
  }
#endif
