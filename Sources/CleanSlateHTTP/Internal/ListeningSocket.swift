#if HTTP
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A TCP socket listening on 127.0.0.1 and an ephemeral port, made with plain system calls, so
  /// that the fake listens — and clients can connect — before SwiftNIO has taken the socket over.
  struct ListeningSocket {
    /// Why the socket could not be made.
    struct Failure: Error, CustomStringConvertible {
      let call: String
      let code: Int32
      var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
      }
    }

    let descriptor: Int32
    let port: Int

    /// Makes the socket: close-on-exec (a launched app must not inherit it, or the port would
    /// outlive the server), bound to 127.0.0.1 on a port the system picks, listening.
    init(backlog: Int32 = 256) throws {
      #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
      #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
      do {
        #if !canImport(Glibc)
          guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
            throw Failure(call: "fcntl", code: errno)
          }
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw Failure(call: "bind", code: errno) }
        guard listen(descriptor, backlog) == 0 else { throw Failure(call: "listen", code: errno) }
        let named = withUnsafeMutablePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            getsockname(descriptor, $0, &length)
          }
        }
        guard named == 0 else { throw Failure(call: "getsockname", code: errno) }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
      } catch {
        close(descriptor)
        throw error
      }
    }
  }
#endif
