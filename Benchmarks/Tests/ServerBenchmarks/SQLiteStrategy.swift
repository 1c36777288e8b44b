import Fluent
import FluentSQLiteDriver
import Foundation
import NIOPosix
import ShopApp
import Testing

// For `.sqlite`: migrating a fresh in-memory database in every test, against copying a migrated
// template file. Run with `--filter SQLiteStrategy`; prints both medians (the database part of
// a test's setup and teardown only: shop's ten migrations and Fluent's migration log).
@Suite(.serialized) struct SQLiteStrategy {
  static let rounds = 40

  @Test func inMemoryAgainstTemplateCopy() async throws {
    // In memory where there is such a place, as CleanSlateVapor keeps its copies.
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let directory = base.appendingPathComponent("sqlite-strategy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let template = directory.appendingPathComponent("template.sqlite").path
    try await withDatabase(.file(path: template)) { try await migrate($0) }

    var inMemory: [Duration] = []
    var copied: [Duration] = []
    for round in 0..<Self.rounds {
      var start = ContinuousClock.now
      try await withDatabase(.memory) { try await migrate($0) }
      inMemory.append(ContinuousClock.now - start)

      start = ContinuousClock.now
      let copy = directory.appendingPathComponent("test-\(round).sqlite").path
      try FileManager.default.copyItem(atPath: template, toPath: copy)
      try await withDatabase(.file(path: copy)) { database in
        _ = try await (database as! any SQLDatabase).raw("SELECT 1").all()
      }
      try FileManager.default.removeItem(atPath: copy)
      copied.append(ContinuousClock.now - start)
    }
    print("SQLiteStrategy: in memory, migrated: median \(inMemory.sorted()[Self.rounds / 2])")
    print("SQLiteStrategy: copy of a migrated file: median \(copied.sorted()[Self.rounds / 2])")
  }

  /// As CleanSlateVapor migrates a database: the migration log, then each migration, logged.
  func migrate(_ database: any Database) async throws {
    try await MigrationLog.migration.prepare(on: database).get()
    for migration in shopMigrations {
      try await migration.prepare(on: database).get()
      try await MigrationLog(name: migration.name, batch: 1).create(on: database)
    }
  }

  func withDatabase(
    _ storage: SQLiteConfiguration.Storage, _ body: (any Database) async throws -> Void
  ) async throws {
    let databases = Databases(
      threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
    databases.use(.sqlite(.init(storage: storage)), as: .sqlite)
    let database = databases.database(
      .sqlite, logger: .init(label: "bench"), on: MultiThreadedEventLoopGroup.singleton.any())!
    do { try await body(database) } catch {
      await databases.shutdownAsync()
      throw error
    }
    await databases.shutdownAsync()
  }
}
