#if HTTP
  import Foundation
  import HTTPTypes
  import NIOCore
  import NIOHTTP1

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Answers the requests of one connection in order: journals each as soon as it has arrived,
  /// answers it (at once, or through a task for latency and `async` handlers), applies its faults.
  ///
  /// Bad input never reaches a route: a body over the limit is answered 413, bytes that are not
  /// HTTP 400, and the connection is closed after either.
  final class ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    /// What waits to be answered, in order.
    private enum Item {
      case exchange(Exchange, keepAlive: Bool, sendsBody: Bool)
      case refusal(FakeServer.Response)
    }

    private let server: FakeServer
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var limit = 0
    /// Set once a request was refused: the rest of the connection's input is ignored.
    private var refusing = false
    private var waiting: [Item] = []
    private var answering = false
    private var isActive = true

    init(server: FakeServer) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard !refusing else { return }
      switch unwrapInboundIn(data) {
      case .head(let head):
        limit = server.maximumBodySize
        if let length = head.headers.first(name: "content-length").flatMap({ Int($0) }),
          length > limit
        {
          return refuse(tooLarge, context: context)
        }
        if !answering, waiting.isEmpty,
          head.headers[canonicalForm: "expect"].contains(where: {
            $0.lowercased() == "100-continue"
          })
        {
          let interim = context.channel.allocator.buffer(string: ResponseEncoding.continueHead)
          context.writeAndFlush(wrapOutboundOut(interim), promise: nil)
        }
        self.head = head
        body.clear()
      case .body(var chunk):
        guard body.readableBytes + chunk.readableBytes <= limit else {
          return refuse(tooLarge, context: context)
        }
        body.writeBuffer(&chunk)
      case .end:
        guard let head else { return }
        self.head = nil
        guard let method = HTTPRequest.Method(head.method.rawValue) else {
          return refuse(
            .error("'\(head.method.rawValue)' is not a valid method.", status: .badRequest),
            context: context)
        }
        let request = FakeServer.Request(
          method: method, target: head.uri, headers: HTTPFields(head.headers),
          body: Data(body.readableBytesView))
        waiting.append(
          .exchange(
            server.receive(request), keepAlive: head.isKeepAlive, sendsBody: method != .head))
        answerNext(context: context)
      }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      guard error is HTTPParserError, !refusing else { return context.close(promise: nil) }
      refuse(
        .error("The request is not valid HTTP/1.1 (\(error)).", status: .badRequest),
        context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
      isActive = false
      waiting = []
      context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      isActive = false
    }

    private var tooLarge: FakeServer.Response {
      .error(
        "The body is larger than this fake server's limit of \(limit) bytes (maximumBodySize).",
        status: .contentTooLarge)
    }

    /// Answers a refusal once what came before it is answered, then closes the connection.
    private func refuse(_ response: FakeServer.Response, context: ChannelHandlerContext) {
      refusing = true
      head = nil
      waiting.append(.refusal(response))
      answerNext(context: context)
    }

    private func answerNext(context: ChannelHandlerContext) {
      guard isActive, !answering, !waiting.isEmpty else { return }
      answering = true
      switch waiting.removeFirst() {
      case .refusal(let response):
        let bytes = ResponseEncoding.head(
          of: response, bodyLength: response.body.count, keepAlive: false,
          allocator: context.channel.allocator)
        let written = context.writeAndFlush(wrapOutboundOut(bytes))
        context.writeAndFlush(
          wrapOutboundOut(context.channel.allocator.buffer(bytes: response.body)), promise: nil)
        closeLingering(after: written, context: context)
      case .exchange(let exchange, let keepAlive, let sendsBody) where exchange.isImmediate:
        deliver(
          server.answerImmediately(exchange), for: exchange, keepAlive: keepAlive,
          sendsBody: sendsBody, context: context)
      case .exchange(let exchange, let keepAlive, let sendsBody):
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let server = self.server
        server.runHandler {
          if exchange.latency > .zero { try? await Task.sleep(for: exchange.latency) }
          guard !Task.isCancelled else { return }
          let response = await server.answer(exchange)
          bound.eventLoop.execute {
            let (handler, context) = bound.value
            handler.deliver(
              response, for: exchange, keepAlive: keepAlive, sendsBody: sendsBody, context: context)
          }
        }
      }
    }

    private func deliver(
      _ response: FakeServer.Response, for exchange: Exchange, keepAlive: Bool, sendsBody: Bool,
      context: ChannelHandlerContext
    ) {
      guard isActive else { return }
      switch exchange.ending {
      case .answer, .status:
        write(
          response, sendsBody: sendsBody, keepAlive: keepAlive, trickle: exchange.trickle,
          context: context)
      case .reset:
        resetConnection(context: context)
      case .malformedResponse:
        let garbage = context.channel.allocator.buffer(string: ResponseEncoding.malformed)
        close(after: context.writeAndFlush(wrapOutboundOut(garbage)), context: context)
      case .closeMidResponse:
        let body = sendsBody && ResponseEncoding.hasBody(response.status) ? response.body : Data()
        var bytes = ResponseEncoding.head(
          of: response, bodyLength: response.body.count, keepAlive: keepAlive,
          allocator: context.channel.allocator)
        if body.isEmpty {
          bytes.moveWriterIndex(to: bytes.readerIndex + bytes.readableBytes / 2)
        } else {
          bytes.writeBytes(body.prefix(body.count / 2))
        }
        close(after: context.writeAndFlush(wrapOutboundOut(bytes)), context: context)
      }
    }

    private func write(
      _ response: FakeServer.Response, sendsBody: Bool, keepAlive: Bool,
      trickle: (bytes: Int, interval: Duration)? = nil, context: ChannelHandlerContext
    ) {
      let hasBody = ResponseEncoding.hasBody(response.status)
      var bytes = ResponseEncoding.head(
        of: response, bodyLength: hasBody ? response.body.count : 0, keepAlive: keepAlive,
        allocator: context.channel.allocator)
      let body = hasBody && sendsBody ? response.body : Data()
      if let trickle, !body.isEmpty {
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        return self.trickle(body[...], trickle, keepAlive: keepAlive, context: context)
      }
      bytes.writeBytes(body)
      finish(
        after: context.writeAndFlush(wrapOutboundOut(bytes)), keepAlive: keepAlive, context: context
      )
    }

    /// Sends `body` a chunk at a time, one chunk every interval.
    private func trickle(
      _ body: Data.SubSequence, _ trickle: (bytes: Int, interval: Duration), keepAlive: Bool,
      context: ChannelHandlerContext
    ) {
      context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(trickle.interval)) {
        guard self.isActive else { return }
        let chunk = context.channel.allocator.buffer(bytes: body.prefix(trickle.bytes))
        let written = context.writeAndFlush(self.wrapOutboundOut(chunk))
        let rest = body.dropFirst(trickle.bytes)
        if rest.isEmpty {
          self.finish(after: written, keepAlive: keepAlive, context: context)
        } else {
          self.trickle(rest, trickle, keepAlive: keepAlive, context: context)
        }
      }
    }

    /// Goes on with the next request, or closes the connection once the response is written.
    private func finish(
      after written: EventLoopFuture<Void>, keepAlive: Bool, context: ChannelHandlerContext
    ) {
      guard keepAlive else { return close(after: written, context: context) }
      answering = false
      answerNext(context: context)
    }

    private func close(after written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
      written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// Closes the connection after a refusal without losing the answer: closing while the client
    /// still sends (the rest of a body over the limit) would reset the connection, and the client
    /// might never read the answer. So the output is closed first, what the client still sends is
    /// read and dropped, and the connection is closed when the client closes its side, or after
    /// two seconds at most.
    private func closeLingering(
      after written: EventLoopFuture<Void>, context: ChannelHandlerContext
    ) {
      written.assumeIsolated().whenComplete { _ in
        context.close(mode: .output, promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) {
          if self.isActive { context.close(promise: nil) }
        }
      }
    }

    /// Closes the connection with a TCP reset: `SO_LINGER` with a zero timeout, then close.
    private func resetConnection(context: ChannelHandlerContext) {
      guard let socket = context.channel as? any SocketOptionProvider else {
        return context.close(promise: nil)
      }
      socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
        context.close(promise: nil)
      }
    }
  }

  extension HTTPFields {
    /// The fields of SwiftNIO's headers; a field whose name is not a valid token is left out.
    init(_ headers: HTTPHeaders) {
      self.init()
      reserveCapacity(headers.count)
      for (name, value) in headers {
        if let name = HTTPField.Name(name) { append(HTTPField(name: name, value: value)) }
      }
    }
  }
#endif
