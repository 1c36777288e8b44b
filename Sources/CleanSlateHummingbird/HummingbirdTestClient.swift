#if Hummingbird
  public import HummingbirdTesting
  public import Hummingbird

  /// The client a test gets from a Hummingbird app fixture: HummingbirdTesting's own client for
  /// the app, as `app.test(_:_:)` hands it to its closure.
  ///
  /// ```swift
  /// let client = try await use(.api)
  /// try await client.execute(uri: "/orders", method: .get) { response in
  ///   #expect(response.status == .ok)
  /// }
  /// ```
  ///
  /// It conforms to `TestClientProtocol`, so `execute(uri:method:headers:body:testCallback:)`
  /// and ``port`` work as in any Hummingbird test.
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  public struct HummingbirdTestClient: TestClientProtocol {
    let base: any TestClientProtocol

    /// Sends a request to the app and returns its response.
    ///
    /// - Parameters:
    ///   - uri: The path and query, such as `/orders?status=open`.
    ///   - method: The request's method.
    ///   - headers: The request's header fields.
    ///   - body: The request's body, if any.
    public func executeRequest(
      uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
      try await base.executeRequest(uri: uri, method: method, headers: headers, body: body)
    }

    /// The port the app listens on in `.live` and `.ahc` testing; `nil` with `.router`, where
    /// requests go straight to the router.
    public var port: Int? { base.port }
  }
#endif
