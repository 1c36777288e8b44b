import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking HTTP/1.1 client on one kept-alive connection: it sends a request and reads its
/// response (head and `Content-Length` body), and nothing else, so that the time it measures is
/// the server's and the loopback's.
final class LoopbackClient {
  private let socket: Int32
  private var buffer = [UInt8](repeating: 0, count: 16_384)

  init(port: Int) {
    #if canImport(Glibc)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var one: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    precondition(connected == 0, "cannot connect to port \(port)")
  }

  deinit { close(socket) }

  /// Sends `request` and returns the response's status code once all of it has arrived.
  @discardableResult
  func roundTrip(_ request: [UInt8]) -> Int {
    _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
    var received = 0
    var headEnd: Int?
    var expected = Int.max
    while received < expected {
      let count = buffer.withUnsafeMutableBytes {
        recv(socket, $0.baseAddress! + received, $0.count - received, 0)
      }
      precondition(count > 0, "the server closed the connection")
      received += count
      if headEnd == nil, let end = Self.headEnd(buffer, received) {
        headEnd = end
        expected = end + Self.contentLength(buffer, end)
      }
    }
    return Int(String(decoding: buffer[9..<12], as: UTF8.self)) ?? 0
  }

  private static func headEnd(_ bytes: [UInt8], _ count: Int) -> Int? {
    guard count >= 4 else { return nil }
    for index in 3..<count
    where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10
      && bytes[index - 3] == 13
    {
      return index + 1
    }
    return nil
  }

  private static func contentLength(_ bytes: [UInt8], _ headEnd: Int) -> Int {
    let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
    guard let range = head.range(of: "content-length: ") else { return 0 }
    return Int(head[range.upperBound...].prefix { $0.isNumber }) ?? 0
  }
}
