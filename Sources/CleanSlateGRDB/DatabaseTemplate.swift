#if GRDB
  package import Foundation
  package import GRDB

  /// A database built once per test process from your migrations and seed, then copied into every
  /// test's fresh database.
  ///
  /// You rarely use it directly: ``CleanSlate/Fixture/database(_:migrator:configuration:seed:fileID:filePath:line:column:)``
  /// builds one behind a process-scoped fixture.
  ///
  /// ## The key
  ///
  /// A template is identified by its ``key``: a hash of the migrations' identifiers, the schema
  /// they produce (every row of `sqlite_master`: tables, indexes, views, triggers, with their
  /// SQL), and the content of the seeded database. A migration's name alone would miss a changed
  /// body; a changed body changes the schema or the data it leaves, and so the key. A change that
  /// leaves both exactly as they were leaves the key, and the databases your tests get, the same.
  /// The template is rebuilt in every test process (it costs one migration and one seed per run),
  /// so it can never be stale.
  public struct DatabaseTemplate: Sendable {
    /// The identity of the database the template holds, 16 hexadecimal digits.
    public let key: String
    /// The migrations applied, in order.
    public let migrations: [String]
    let image: DatabaseImage

    /// Builds a template: an in-memory database migrated one migration at a time, then seeded.
    ///
    /// - Parameter headroom: How far each in-memory copy may grow beyond the template, in bytes.
    /// - Throws: ``DatabaseTemplateError`` naming the migration (or the seed) that failed.
    package static func build(
      migrator: DatabaseMigrator,
      configuration: Configuration,
      seed: (@Sendable (Database) throws -> Void)?,
      headroom: Int = DatabaseRegion.defaultHeadroom
    ) throws -> DatabaseTemplate {
      let queue = try DatabaseQueue(configuration: configuration)
      for identifier in migrator.migrations {
        do {
          try migrator.migrate(queue, upTo: identifier)
        } catch {
          throw DatabaseTemplateError(step: "migration '\(identifier)'", underlying: error)
        }
      }
      if let seed {
        do {
          try queue.write(seed)
        } catch {
          throw DatabaseTemplateError(step: "the seed", underlying: error)
        }
      }
      return try queue.writeWithoutTransaction { db in
        let image = try DatabaseImage(of: db, headroom: headroom)
        var hasher = FNVHasher()
        hasher.combine("cleanslate-grdb-template-1")
        for identifier in migrator.migrations { hasher.combine(identifier) }
        let schema = try Row.fetchAll(
          db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        for row in schema { hasher.combine(row.description) }
        hasher.combine(image.contentDigest)
        return DatabaseTemplate(key: hasher.hex, migrations: migrator.migrations, image: image)
      }
    }

    /// Opens a new in-memory database holding a private copy of the template.
    ///
    /// The copy is loaded as the connection opens, after the configuration's own
    /// `prepareDatabase` and before GRDB first reads the schema, so that the schema is read once.
    package func makeCopy(configuration: Configuration) throws -> DatabaseCopy {
      let region = LoadedRegion()
      var configuration = configuration
      configuration.prepareDatabase { [image] db in region.value = try image.load(into: db) }
      let queue = try DatabaseQueue(configuration: configuration)
      return DatabaseCopy(queue: queue, region: region.value)
    }

    /// Writes the template as a database file, to be opened by a `DatabasePool`.
    package func write(to url: URL) throws {
      try image.bytes.write(to: url, options: .withoutOverwriting)
    }
  }

  /// A private copy of a template: its connection, and the memory it lives in.
  package struct DatabaseCopy: Sendable {
    /// The copy's connection.
    package let queue: DatabaseQueue
    /// The region holding the database, released when the connection closes (nil when the
    /// copy was made the portable way, in memory SQLite owns).
    let region: DatabaseRegion?

    /// Whether the database grew to its limit, so that writes past it failed with `SQLITE_FULL`.
    package var reachedCapacity: Bool { region?.reachedCapacity ?? false }

    /// The addresses of the region holding the database (nil when SQLite owns its memory).
    package var addresses: Range<UInt>? {
      region.map { UInt(bitPattern: $0.base)..<UInt(bitPattern: $0.base) + UInt($0.capacity) }
    }
  }

  /// The region a connection's `prepareDatabase` loaded, read back once the connection is open.
  private final class LoadedRegion: @unchecked Sendable {
    var value: DatabaseRegion?
  }

  /// A migration or a seed that failed while a ``DatabaseTemplate`` was built.
  public struct DatabaseTemplateError: Error, CustomStringConvertible {
    /// What failed: `migration 'v2'`, or `the seed`.
    public let step: String
    /// The error it threw.
    public let underlying: any Error

    /// The step and its error, as `migration 'v2' failed: SQLite error 1: …`.
    public var description: String { "\(step) failed: \(underlying)" }
  }
#endif
