#if Vapor
  internal import FluentKit
  internal import NIOConcurrencyHelpers

  /// What Fluent keeps to itself and CleanSlate needs: the default database's ID, which drivers
  /// run, the migrations added for a database. Fluent has no accessors for them (and stops the
  /// process when asked for a default database that is not set), so they are read by reflection.
  enum FluentReflection {
    /// The ID of the default database `databases` has, or `nil` when none is set.
    static func defaultID(of databases: Databases) -> DatabaseID? {
      let stored = Mirror(reflecting: databases).children.first { $0.label == "defaultID" }
      return stored?.value as? DatabaseID
    }

    /// The IDs of the databases whose driver has been made: those something asked for. Read
    /// without Fluent's lock: call it when nothing else uses the app (after `configure`).
    static func startedIDs(of databases: Databases) -> Set<DatabaseID> {
      let stored = Mirror(reflecting: databases).children.first { $0.label == "drivers" }
      guard let drivers = stored?.value as? [DatabaseID: any DatabaseDriver] else { return [] }
      return Set(drivers.keys)
    }

    /// The migrations Fluent runs on the database `id`, the default one: those added for no
    /// database in particular, then those added for `id`.
    static func migrations(in migrations: Migrations, for id: DatabaseID) -> [any Migration] {
      let stored = Mirror(reflecting: migrations).children.first { $0.label == "storage" }
      guard let box = stored?.value as? NIOLockedValueBox<[DatabaseID?: [any Migration]]> else {
        return []
      }
      return box.withLockedValue { ($0[nil] ?? []) + ($0[id] ?? []) }
    }
  }
#endif
