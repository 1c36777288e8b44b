#if HTTP
  import CleanSlate
  import NIOCore
  import NIOHTTP1
  import NIOPosix

  /// The fake's socket side: a socket listening on 127.0.0.1 and an ephemeral port, served by
  /// SwiftNIO, with the connections it accepted, all closed by ``stop()``.
  ///
  /// Starting does not wait for SwiftNIO: the socket listens before it is handed over (on an
  /// event loop, off the test's path), so clients can connect at once — the system queues their
  /// connections until SwiftNIO accepts them. Every
  /// fake shares SwiftNIO's singleton event loop group (one thread per core), so a thousand tests
  /// with a fake each start no thread of their own.
  final class LoopbackServer: Sendable {
    /// The port the server listens on.
    let port: Int
    private let channel: EventLoopFuture<any Channel>
    private let connections: Locked<Connections>

    private struct Connections {
      var open: [ObjectIdentifier: any Channel] = [:]
      var stopped = false
    }

    /// Starts listening; each connection is answered by `server`.
    init(answering server: FakeServer) throws {
      let socket = try ListeningSocket()
      let connections = Locked(Connections())
      port = socket.port
      self.connections = connections
      // SwiftNIO takes the socket over on its event loop, off the test's path.
      let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
      let promise = eventLoop.makePromise(of: (any Channel).self)
      channel = promise.futureResult
      eventLoop.execute {
        ServerBootstrap(group: eventLoop, childGroup: MultiThreadedEventLoopGroup.singleton)
          .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
          .childChannelInitializer { [weak server] channel in
            let accepted = connections.withLock { connections in
              guard !connections.stopped, server != nil else { return false }
              connections.open[ObjectIdentifier(channel)] = channel
              return true
            }
            guard accepted, let server else { return channel.close() }
            channel.closeFuture.whenComplete { _ in
              _ = connections.withLock { $0.open.removeValue(forKey: ObjectIdentifier(channel)) }
            }
            return channel.eventLoop.makeCompletedFuture {
              try channel.pipeline.syncOperations.addHandler(
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
              try channel.pipeline.syncOperations.addHandler(ConnectionHandler(server: server))
            }
          }
          .withBoundSocket(socket.descriptor)
          .cascade(to: promise)
      }
    }

    /// Closes the port, then every connection, and blocks until all are closed. Call it from a
    /// thread that may block (a synchronous teardown), never from an event loop.
    func stop() {
      let open = connections.withLock { connections in
        connections.stopped = true
        return Array(connections.open.values)
      }
      let eventLoop = channel.eventLoop
      let closed = [channel.flatMap { $0.close() }] + open.map { $0.close() }
      try? EventLoopFuture.andAllComplete(closed, on: eventLoop).wait()
    }
  }
#endif
