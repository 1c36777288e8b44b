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

  /// Whether a TCP connection to 127.0.0.1:`port` is refused.
  func connectionRefused(port: Int) -> Bool {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return result == -1 && errno == ECONNREFUSED
  }
#endif
