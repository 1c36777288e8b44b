#if Hummingbird
  import CleanSlate
  import CleanSlateTestSupport
  import Foundation
  import Hummingbird
  import ServiceLifecycle

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A test's own note store: the app's dependency, a fixture of its own.
  final class NoteStore: Sendable {
    private let notes = Box<[String]>([])
    var all: [String] { notes.value }
    func add(_ note: String) { notes.value.append(note) }
  }

  /// A service of the app that notes how it ended.
  struct RecordingService: Service {
    let events: Box<[String]>

    func run() async throws {
      events.value.append("service started")
      await gracefulShutdownSignal()
      events.value.append("service shut down gracefully")
    }

    private func gracefulShutdownSignal() async {
      try? await gracefulShutdown()
    }
  }

  /// A Hummingbird app over a note store, as apps have a `buildApplication` function.
  func buildApplication(
    store: NoteStore, services: [any Service] = []
  ) -> some ApplicationProtocol {
    let router = Router()
    router.get("/notes") { _, _ in store.all.joined(separator: ",") }
    router.post("/notes") { request, _ -> HTTPResponse.Status in
      let body = try await request.body.collect(upTo: 1024)
      store.add(String(buffer: body))
      return .created
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      services: services)
  }

  /// Whether the app on 127.0.0.1:`port` still serves `note` (a note unique to one test): a
  /// plain `GET /notes` over a socket of its own, given 5 s. No answer, a refused connection and
  /// another server that took the port since (parallel tests bind ephemeral ports all the time)
  /// all count as no. It waits on a thread of its own, never one of Swift concurrency's.
  func servesNote(_ note: String, onPort port: Int) async -> Bool {
    await offThread { askForNote(note, onPort: port) }
  }

  private func askForNote(_ note: String, onPort port: Int) -> Bool {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var limit = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { return false }
    let request = "GET /notes HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    guard
      request.utf8.withContiguousStorageIfAvailable({
        send(descriptor, $0.baseAddress, $0.count, 0)
      })
        == request.utf8.count
    else { return false }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      answer += buffer[..<count]
    }
    return String(decoding: answer, as: UTF8.self).contains(note)
  }
#endif
