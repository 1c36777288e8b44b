import CleanSlate
import NIOCore
import NIOHTTP1
import NIOPosix

/// The fake's socket: a SwiftNIO server on 127.0.0.1 and an ephemeral port, with the
/// connections it accepted, all closed by ``stop()``.
///
/// Every fake shares SwiftNIO's singleton event loop group (one thread per core), so a thousand
/// tests with a fake each start no thread of their own.
final class LoopbackServer: Sendable {
  /// The port the server listens on.
  let port: Int
  private let channel: any Channel
  private let connections: Locked<Connections>

  private struct Connections {
    var open: [ObjectIdentifier: any Channel] = [:]
    var stopped = false
  }

  private init(channel: any Channel, connections: Locked<Connections>) {
    self.channel = channel
    self.connections = connections
    port = channel.localAddress?.port ?? 0
  }

  /// Starts listening; each connection is answered by `server`.
  static func start(answering server: FakeServer) async throws -> LoopbackServer {
    let connections = Locked(Connections())
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
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
      .bind(host: "127.0.0.1", port: 0)
      .get()
    return LoopbackServer(channel: channel, connections: connections)
  }

  /// Closes the port, then every connection; returns once all are closed.
  func stop() async {
    let open = connections.withLock { connections in
      connections.stopped = true
      return Array(connections.open.values)
    }
    try? await channel.close().get()
    for connection in open {
      try? await connection.close().get()
    }
  }
}
