#if Postgres
  internal import NIOCore

  /// The channel a test's connection runs on: it relays a socket channel's bytes to a pipeline of
  /// its own, and keeps that pipeline, with PostgresNIO's handler in it, after the socket closes.
  ///
  /// PostgresNIO writes each query to its channel with no promise for the write, and completes the
  /// query from its channel handler. Once a socket channel has closed, SwiftNIO has taken every
  /// handler out of its pipeline, so a query written then fails the write (into no promise) and is
  /// never answered: the test awaiting it hangs. On this channel the query still reaches
  /// PostgresNIO's handler, which knows the connection is closed and fails the query at once
  /// (``PostgresNIO/PSQLError/Code/serverClosedConnection`` when the server ended it).
  ///
  /// The pipeline is kept until ``release()``, which CleanSlate calls once the test is done with
  /// the connection (see ``BoundedOperation/close(_:)``).
  final class RelayChannel: Channel, ChannelCore, @unchecked Sendable {
    // @unchecked: `storedPipeline` is set once, in `init`; everything else is immutable or the
    // socket's own.
    private let socket: any Channel
    private var storedPipeline: ChannelPipeline?
    /// Told of every statement sent, on the sender's thread (transaction mode).
    private let watch: TransactionStatusWatch?

    private static let relays = LockedValue<[ObjectIdentifier: RelayChannel]>([:])

    /// Wraps `socket`, an active channel whose pipeline has no handler but the `watch`'s, if
    /// any; call on its event loop.
    init(wrapping socket: any Channel, watch: TransactionStatusWatch?) throws {
      self.socket = socket
      self.watch = watch
      storedPipeline = ChannelPipeline(channel: self)
      try socket.pipeline.syncOperations.addHandler(Relay(to: self))
    }

    /// Remembers that `connection` runs on `channel`, for ``release(_:)``.
    static func register(_ channel: RelayChannel, of connection: AnyObject) {
      relays.withLock { $0[ObjectIdentifier(connection)] = channel }
    }

    /// Takes the handlers out of the pipeline of the channel `connection` runs on, if it is one of
    /// these: call once nothing will use the connection any more. Queries written to it after
    /// this are never answered.
    static func release(_ connection: AnyObject) {
      relays.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }?.release()
    }

    /// Whether `connection` runs on a channel not released yet: for the tests.
    static func isHeld(by connection: AnyObject) -> Bool {
      relays.withLock { $0[ObjectIdentifier(connection)] != nil }
    }

    /// Takes the handlers out of the pipeline, which frees them and this channel.
    func release() {
      eventLoop.execute { self.removeHandlers(pipeline: self.pipeline) }
    }

    // MARK: - Channel

    var pipeline: ChannelPipeline { storedPipeline! }
    var allocator: ByteBufferAllocator { socket.allocator }
    var closeFuture: EventLoopFuture<Void> { socket.closeFuture }
    var localAddress: SocketAddress? { socket.localAddress }
    var remoteAddress: SocketAddress? { socket.remoteAddress }
    var parent: (any Channel)? { nil }
    var isWritable: Bool { socket.isWritable }
    var isActive: Bool { socket.isActive }
    var eventLoop: any EventLoop { socket.eventLoop }
    var _channelCore: any ChannelCore { self }
    var syncOptions: (any NIOSynchronousChannelOptions)? { socket.syncOptions }

    func setOption<Option: ChannelOption>(
      _ option: Option, value: Option.Value
    ) -> EventLoopFuture<Void> {
      socket.setOption(option, value: value)
    }

    func getOption<Option: ChannelOption>(_ option: Option) -> EventLoopFuture<Option.Value> {
      socket.getOption(option)
    }

    /// How PostgresNIO sends a statement (one of its tasks): counted for the watch, on the
    /// sender's thread, then passed to the pipeline.
    func write<T: Sendable>(_ any: T, promise: EventLoopPromise<Void>?) {
      watch?.sentStatement()
      pipeline.write(any, promise: promise)
    }

    func writeAndFlush<T: Sendable>(_ any: T, promise: EventLoopPromise<Void>?) {
      watch?.sentStatement()
      pipeline.writeAndFlush(any, promise: promise)
    }

    // MARK: - ChannelCore (called on the event loop, from the head of the pipeline)

    func localAddress0() throws -> SocketAddress {
      guard let address = socket.localAddress else { throw ChannelError.ioOnClosedChannel }
      return address
    }

    func remoteAddress0() throws -> SocketAddress {
      guard let address = socket.remoteAddress else { throw ChannelError.ioOnClosedChannel }
      return address
    }

    func register0(promise: EventLoopPromise<Void>?) {
      promise?.fail(ChannelError.operationUnsupported)
    }

    func registerAlreadyConfigured0(promise: EventLoopPromise<Void>?) {
      promise?.fail(ChannelError.operationUnsupported)
    }

    func bind0(to: SocketAddress, promise: EventLoopPromise<Void>?) {
      promise?.fail(ChannelError.operationUnsupported)
    }

    func connect0(to: SocketAddress, promise: EventLoopPromise<Void>?) {
      promise?.fail(ChannelError.operationUnsupported)
    }

    func write0(_ data: NIOAny, promise: EventLoopPromise<Void>?) {
      socket.write(unwrapData(data, as: ByteBuffer.self), promise: promise)
    }

    func flush0() {
      socket.flush()
    }

    func read0() {
      socket.read()
    }

    func close0(error: any Error, mode: CloseMode, promise: EventLoopPromise<Void>?) {
      socket.close(mode: mode, promise: promise)
    }

    func triggerUserOutboundEvent0(_ event: Any, promise: EventLoopPromise<Void>?) {
      socket.pipeline.syncOperations.triggerUserOutboundEvent(event, promise: promise)
    }

    func channelRead0(_ data: NIOAny) {
      // The end of the pipeline: what no handler took is dropped, as SwiftNIO's channels do.
    }

    func errorCaught0(error: any Error) {}

    /// The handler in the socket's pipeline that passes what arrives on to the relay's pipeline.
    private final class Relay: ChannelInboundHandler {
      typealias InboundIn = ByteBuffer

      private let channel: RelayChannel

      init(to channel: RelayChannel) { self.channel = channel }

      private var relayed: ChannelPipeline.SynchronousOperations {
        channel.pipeline.syncOperations
      }

      func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        relayed.fireChannelRead(data)
      }

      func channelReadComplete(context: ChannelHandlerContext) {
        relayed.fireChannelReadComplete()
      }

      func channelWritabilityChanged(context: ChannelHandlerContext) {
        relayed.fireChannelWritabilityChanged()
      }

      func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        relayed.fireUserInboundEventTriggered(event)
      }

      func errorCaught(context: ChannelHandlerContext, error: any Error) {
        relayed.fireErrorCaught(error)
      }

      func channelInactive(context: ChannelHandlerContext) {
        relayed.fireChannelInactive()
      }
    }
  }
#endif
