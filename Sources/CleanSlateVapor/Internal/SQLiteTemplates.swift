#if Vapor
  internal import CleanSlate
  internal import FluentKit
  internal import FluentSQLiteDriver
  internal import Foundation
  internal import Logging
  internal import NIOPosix

  #if canImport(Glibc)
    internal import Glibc
  #elseif canImport(Darwin)
    internal import Darwin
  #endif

  /// One app fixture's SQLite templates: for each list of migrations its apps have, a database
  /// file those migrations built once per process, which each test copies.
  final class SQLiteTemplates: Sendable {
    private let name: String
    private let location: CodeLocation
    private let fixtures = Locked<[[String]: Fixture<URL>]>([:])

    init(name: String, location: CodeLocation) {
      self.name = name
      self.location = location
    }

    /// Where the templates and the tests' copies live: in memory (`/dev/shm`) where there is
    /// such a place, so that SQLite's syncs cost nothing; swept after a crash like sandboxes.
    static let sandbox: ProcessSandbox = {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory),
        isDirectory.boolValue, FileManager.default.isWritableFile(atPath: "/dev/shm")
      {
        return ProcessSandbox(
          root: URL(fileURLWithPath: "/dev/shm/cleanslate-vapor-\(getuid())"),
          removesAtProcessEnd: true)
      }
      return ProcessSandbox.shared
    }()

    /// A copy of the template `migrations` build, for one test; removed when the test ends.
    func copy(
      for migrations: [any Migration], id: DatabaseID, context: FixtureContext
    ) async throws -> URL {
      let template = try await context.use(templateFixture(for: migrations, id: id))
      let copy = template.deletingLastPathComponent().appendingPathComponent(
        "test-\(UUID().uuidString).sqlite")
      try FileManager.default.copyItem(at: template, to: copy)
      context.addTeardown { try FileManager.default.removeItem(at: copy) }
      return copy
    }

    private func templateFixture(
      for migrations: [any Migration], id: DatabaseID
    ) -> Fixture<URL> {
      let names = migrations.map(\.name)
      return fixtures.withLock { fixtures in
        if let fixture = fixtures[names] { return fixture }
        let fixture = Fixture<URL>(
          "\(name) SQLite template", scope: .process, fileID: location.fileID,
          filePath: location.filePath, line: location.line, column: location.column
        ) { context in
          let directory = try Self.sandbox.processDirectory().appendingPathComponent(
            "vapor-\(UUID().uuidString)")
          try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true)
          context.addTeardown { try FileManager.default.removeItem(at: directory) }
          let template = directory.appendingPathComponent("template.sqlite")
          try await Self.build(template, with: migrations, id: id)
          return template
        }
        fixtures[names] = fixture
        return fixture
      }
    }

    /// Runs the migrations through Fluent on a new database file.
    private static func build(
      _ file: URL, with migrations: [any Migration], id: DatabaseID
    ) async throws {
      let quiet = Logger(label: "cleanslate.vapor") { _ in SwiftLogNoOpLogHandler() }
      let databases = Databases(
        threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
      databases.use(.sqlite(.file(file.path)), as: id)
      do {
        let database = databases.database(
          id, logger: quiet, on: MultiThreadedEventLoopGroup.singleton.any())!
        try await FluentMigrations.run(migrations, on: database)
      } catch {
        await databases.shutdownAsync()
        throw error
      }
      await databases.shutdownAsync()
    }
  }
#endif
