#if HTTP
  import CleanSlateTestSupport
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A TCP connection to 127.0.0.1 with plain sockets, for what an HTTP client will not do: send
  /// bytes that are not HTTP, go away early, see a reset or a cut response. Every call blocks, so
  /// each runs on a dispatch thread, never on one of Swift concurrency's.
  final class RawConnection: @unchecked Sendable {
    /// How reading ended.
    enum End: Equatable, Sendable {
      /// The server closed the connection.
      case closed
      /// The server reset the connection.
      case reset
      /// Nothing more came within the time limit; the connection is still open.
      case timedOut
    }

    /// What a read returned: the bytes, in the chunks they came in, and how it ended.
    struct Received: Sendable {
      var chunks: [Data] = []
      var end: End = .timedOut
      var data: Data { chunks.reduce(Data(), +) }
      var text: String { String(decoding: data, as: UTF8.self) }
    }

    private let socket: Int32

    private init(socket: Int32) { self.socket = socket }

    deinit { close(socket) }

    /// Connects to `port`.
    static func connect(to port: Int) async throws -> RawConnection {
      try await offThread { () -> Result<RawConnection, POSIXError> in
        let socket = Self.makeSocket()
        guard Self.connect(socket, to: port) == 0 else {
          let error = errno
          close(socket)
          return .failure(POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO))
        }
        return .success(RawConnection(socket: socket))
      }.get()
    }

    /// Whether connecting to `port` is refused: nothing listens there.
    static func isRefused(port: Int) async -> Bool {
      await offThread {
        let socket = makeSocket()
        defer { close(socket) }
        return connect(socket, to: port) != 0 && errno == ECONNREFUSED
      }
    }

    /// Sends `text` as UTF-8.
    func send(_ text: String) async {
      await send(Data(text.utf8))
    }

    /// Sends `data`, all of it (the connection must be open).
    func send(_ data: Data) async {
      let socket = socket
      await offThread {
        data.withUnsafeBytes { bytes in
          var sent = 0
          while sent < bytes.count {
            let count = Self.systemSend(socket, bytes.baseAddress! + sent, bytes.count - sent)
            if count <= 0 { return }
            sent += count
          }
        }
      }
    }

    /// Reads until the server closes or resets the connection, or `limit` passes with nothing new.
    func receive(idleLimit limit: Duration = .seconds(5)) async -> Received {
      let socket = socket
      return await offThread {
        var timeout = timeval(
          tv_sec: Int(limit.components.seconds),
          tv_usec: Int(limit.components.attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Received()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = recv(socket, &buffer, buffer.count, 0)
          if count > 0 {
            received.chunks.append(Data(buffer[..<count]))
          } else if count == 0 {
            received.end = .closed
            return received
          } else {
            received.end = errno == ECONNRESET ? .reset : .timedOut
            return received
          }
        }
      }
    }

    /// Reads until `text` has arrived (or the connection ends), for a response that leaves the
    /// connection open.
    func receive(through text: String, idleLimit limit: Duration = .seconds(5)) async -> Received {
      var received = Received()
      while !received.text.contains(text) {
        let more = await receive(upTo: limit)
        received.chunks += more.chunks
        received.end = more.end
        if more.chunks.isEmpty { break }
      }
      return received
    }

    /// One read: what is there now, or the first bytes to come within `limit`.
    private func receive(upTo limit: Duration) async -> Received {
      let socket = socket
      return await offThread {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit.components.seconds * 1_000)
        guard poll(&poller, 1, milliseconds) > 0 else { return Received() }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &buffer, buffer.count, 0)
        if count > 0 { return Received(chunks: [Data(buffer[..<count])], end: .timedOut) }
        return Received(
          chunks: [], end: count == 0 ? .closed : (errno == ECONNRESET ? .reset : .timedOut))
      }
    }

    private static func systemSend(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    {
      #if canImport(Glibc)
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
      #else
        Darwin.send(socket, bytes, count, 0)
      #endif
    }

    private static func makeSocket() -> Int32 {
      #if canImport(Glibc)
        Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        Darwin.socket(AF_INET, SOCK_STREAM, 0)
      #endif
    }

    private static func connect(_ socket: Int32, to port: Int) -> Int32 {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          #if canImport(Glibc)
            Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          #else
            Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          #endif
        }
      }
    }
  }
#endif
