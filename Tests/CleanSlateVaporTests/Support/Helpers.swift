#if Vapor
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import Foundation
  import Logging
  import NIOCore
  import NIOPosix
  import PostgresNIO
  import Testing
  import Vapor

  /// A weak reference that `@Sendable` closures can share.
  final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var object: Object?
    var value: Object? {
      get { lock.withLock { object } }
      set { lock.withLock { object = newValue } }
    }
  }

  /// Log lines an app wrote, kept in memory.
  final class CapturedLogs: Sendable {
    private let lines = Box<[String]>([])
    var all: [String] { lines.value }

    /// A logger whose lines (every level) land here.
    func logger(label: String = "codes.vapor.application") -> Logger {
      var logger = Logger(label: label) { _ in CapturingHandler(logs: self) }
      logger.logLevel = .trace
      return logger
    }

    func append(_ line: String) { lines.value.append(line) }
  }

  struct CapturingHandler: LogHandler {
    let logs: CapturedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let all = metadata.merging(event.metadata ?? [:]) { $1 }
      let fields = all.keys.sorted().map { "\($0)=\(all[$0]!)" }.joined(separator: " ")
      logs.append("\(event.level): \(event.message) \(fields)")
    }
  }

  /// A TCP listener on 127.0.0.1 that counts the connections it is offered and closes them:
  /// where a production database would be.
  final class CountingListener: Sendable {
    let port: Int
    private let channel: any Channel
    private let accepted: Box<Int>

    private init(port: Int, channel: any Channel, accepted: Box<Int>) {
      self.port = port
      self.channel = channel
      self.accepted = accepted
    }

    var connections: Int { accepted.value }

    static func start() async throws -> CountingListener {
      let accepted = Box(0)
      let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .childChannelInitializer { child in
          accepted.value += 1
          return child.close()
        }
        .bind(host: "127.0.0.1", port: 0).get()
      return CountingListener(
        port: channel.localAddress?.port ?? 0, channel: channel, accepted: accepted)
    }

    func stop() async throws { try await channel.close() }
  }

  /// Runs one test that uses `fixture`, and returns the error its setup threw.
  func setupFailure(of fixture: Fixture<Application>) async throws -> CleanSlateError {
    let process = makeProcessScope()
    let caught = Box<CleanSlateError?>(nil)
    let failures = try await runTestScope("Vapor/broken()", in: process) {
      do { _ = try await use(fixture) } catch let error as FixtureUnavailable {
        caught.value = error.failure
      }
    }
    await process.end()
    #expect(failures.isEmpty)
    return try #require(caught.value)
  }

  /// Runs `body` on a fresh connection to the server's maintenance database.
  @discardableResult
  func withAdminConnection<R: Sendable>(
    _ body: (PostgresConnection) async throws -> R
  ) async throws -> R {
    let server = try await PostgresTestServer.resolve()
    let connection = try await PostgresConnection.connect(
      configuration: server.configuration(), id: 1, logger: Logger(label: "tests"))
    do {
      let result = try await body(connection)
      try await connection.close()
      return result
    } catch {
      try? await connection.close()
      throw error
    }
  }

  /// The names of the databases on the server that start with `prefix`.
  func serverDatabases(prefix: String) async throws -> [String] {
    try await withAdminConnection { admin in
      try await admin.query(
        "SELECT datname FROM pg_database WHERE starts_with(datname, \(prefix))",
        logger: Logger(label: "tests")
      ).collect().map { try $0.decode(String.self) }
    }
  }

  /// Drops a database the test made or kept.
  func dropDatabase(_ name: String) async throws {
    try await withAdminConnection { admin in
      try await admin.query(
        PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)"),
        logger: Logger(label: "tests"))
    }
  }
#endif

#if Vapor
  /// The prefix of the template a test's database was cloned from: `cs_db_<key8>_…` comes from
  /// `cs_tpl_<key>`.
  func templatePrefix(ofClone clone: String) -> String {
    "cs_tpl_" + (clone.split(separator: "_").dropFirst(2).first ?? "?")
  }
#endif
