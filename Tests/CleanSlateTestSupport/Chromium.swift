import CleanSlate
package import Foundation

/// Headless Chromium, as the browser tests run it.
package enum Chromium {
  /// Where Chromium is installed, if it is.
  package static let path: String? = {
    let names = ["chromium", "chromium-browser", "google-chrome"]
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
      .split(separator: ":")
    for directory in directories {
      for name in names where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
        return "\(directory)/\(name)"
      }
    }
    return nil
  }()

  /// On CI the browser tests must run: a missing Chromium fails them instead of skipping them.
  package static var required: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  /// Flags that keep Chromium from sending requests of its own (updates, metrics).
  private static let quiet = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
    "--disable-extensions", "--disable-background-networking", "--disable-component-update",
    "--disable-default-apps", "--disable-domain-reliability", "--metrics-recording-only",
    "--no-default-browser-check",
  ]

  /// Renders `file` (at `fragment`) and returns the DOM once its script has run, and the hosts
  /// the page sent requests to: every request goes through a proxy on a loopback port that
  /// records it and answers none.
  package static func dumpDOM(
    of file: URL, fragment: String? = nil
  ) async throws -> (String, [String]) {
    let proxy = try CountingListener()
    let outcome = try await run(
      quiet + [
        "--proxy-server=http://127.0.0.1:\(proxy.port)", "--proxy-bypass-list=<-loopback>",
        "--virtual-time-budget=5000", "--timeout=20000", "--dump-dom", url(file, fragment),
      ])
    return (outcome.standardOutput, await proxy.pageRequests())
  }

  /// Saves a screenshot of `file` (at `fragment`) to `destination`.
  package static func screenshot(of file: URL, fragment: String?, to destination: URL) async throws
  {
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    _ = try await run(
      quiet + [
        "--virtual-time-budget=5000", "--window-size=1400,900",
        "--screenshot=\(destination.path)", url(file, fragment),
      ])
  }

  private static func url(_ file: URL, _ fragment: String?) -> String {
    file.absoluteString + (fragment.map { "#\($0)" } ?? "")
  }

  private static func run(_ arguments: [String]) async throws -> HelperExecutable.Outcome {
    guard let path else { throw ChromiumMissing() }
    return try await HelperExecutable(url: URL(fileURLWithPath: path)).run(arguments)
  }

  package struct ChromiumMissing: Error, CustomStringConvertible {
    package var description: String { "chromium is not installed (apt-get install chromium)" }
  }
}

/// A proxy on a loopback port that only records the host of each request sent through it and
/// closes the connection, so that the browser does not wait for an answer.
final class CountingListener: Sendable {
  let port: Int
  private let socket: Int32
  private let hosts = Locked<[String]>([])
  private let stopped = DispatchSemaphore(value: 0)

  /// The services Chromium contacts by itself, whatever the page (component updates, sign-in,
  /// time): requests to them are not the page's.
  static let chromiumServices: Set<String> = [
    "update.googleapis.com", "accounts.google.com", "clients2.google.com",
    "clientservices.googleapis.com", "optimizationguide-pa.googleapis.com",
    "safebrowsingohttpgateway.googleapis.com", "redirector.gvt1.com",
  ]

  init() throws {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && listen(socket, 64) == 0
          && getsockname(socket, address, &length) == 0
      }
    }
    guard socket >= 0, bound else { throw ListenerFailed(errno: errno) }
    self.socket = socket
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in
      while case let connection = accept(socket, nil, nil), connection >= 0 {
        let host = Self.requestedHost(on: connection)
        hosts.withLock { $0.append(host) }
        close(connection)
      }
      stopped.signal()
    }
  }

  /// Stops listening and returns the hosts requested, Chromium's own services left out.
  func pageRequests() async -> [String] {
    shutdown(socket, Int32(SHUT_RDWR))
    await offThread { [stopped] in stopped.wait() }
    close(socket)
    return hosts.value.filter { !Self.chromiumServices.contains($0) }
  }

  /// The host a proxy request names: `CONNECT host:443 …` or `GET http://host/… …`.
  private static func requestedHost(on connection: Int32) -> String {
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    _ = setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = read(connection, &buffer, buffer.count)
    let line =
      String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
      .split(separator: "\r\n").first.map(String.init) ?? ""
    let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
    let withoutScheme = target.components(separatedBy: "://").last ?? target
    let authority = withoutScheme.split(separator: "/").first.map(String.init) ?? withoutScheme
    return authority.split(separator: ":").first.map(String.init) ?? authority
  }

  struct ListenerFailed: Error {
    let errno: Int32
  }
}
