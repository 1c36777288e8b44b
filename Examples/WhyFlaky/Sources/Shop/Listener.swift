#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket listening on a fixed port of 127.0.0.1, as a small server of the shop does.
public final class Listener: Sendable {
  private let descriptor: Int32

  /// Listens on `port`; throws when the port is taken.
  public init(port: UInt16) throws {
    let socket = socket(AF_INET, Self.streamType, 0)
    guard socket >= 0 else { throw ListenerError(port: port, code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socket, 1) == 0 else {
      let code = errno
      _ = Self.closeDescriptor(socket)
      throw ListenerError(port: port, code: code)
    }
    descriptor = socket
  }

  /// Stops listening.
  public func close() {
    _ = Self.closeDescriptor(descriptor)
  }

  private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif
}

/// A port that could not be listened on.
public struct ListenerError: Error, CustomStringConvertible {
  public var port: UInt16
  public var code: Int32

  public var description: String {
    "cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(code)))"
  }
}
