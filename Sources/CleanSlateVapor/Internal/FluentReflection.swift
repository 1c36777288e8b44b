#if Vapor
  internal import FluentKit
  internal import NIOConcurrencyHelpers
  internal import NIOPosix

  /// What Fluent keeps to itself and CleanSlate needs: the default database's ID, which drivers
  /// run, the migrations added for a database. Fluent has no accessors for them (and stops the
  /// process when asked for a default database that is not set), so they are read by reflection.
  ///
  /// Never silently: ``check()`` makes sure, once per process and before any app is made, that
  /// each property is where CleanSlate reads it, of the type it reads; if one is not, every app
  /// fixture that needs them fails with ``FluentInternalsChanged``, which names FluentKit's version
  /// and what to do. The reads after it cannot find anything else.
  enum FluentReflection {
    /// A private stored property CleanSlate reads.
    struct Property: Sendable {
      /// The type that holds it.
      let owner: String
      /// Its name.
      let label: String
      /// Its type, as Swift prints it.
      let type: String
      /// What CleanSlate reads it for.
      let purpose: String
    }

    static let defaultIDProperty = Property(
      owner: "Databases", label: "defaultID", type: String(describing: DatabaseID?.self),
      purpose: "which database is the app's default")
    static let driversProperty = Property(
      owner: "Databases", label: "drivers",
      type: String(describing: [DatabaseID: any DatabaseDriver].self),
      purpose: "which databases configure has already asked for")
    static let storageProperty = Property(
      owner: "Migrations", label: "storage",
      type: String(describing: NIOLockedValueBox<[DatabaseID?: [any Migration]]>.self),
      purpose: "the migrations configure added")

    /// Checks, once per process, that Fluent's internals are what CleanSlate reads.
    static func check() throws(FluentInternalsChanged) {
      if let failure = checked { throw failure }
    }

    private static let checked: FluentInternalsChanged? = {
      // Made and never started: no driver to shut down.
      let databases = Databases(
        threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
      return mismatch(databases: databases, migrations: Migrations())
    }()

    /// What `databases` and `migrations` lack of what CleanSlate reads, if anything: for the
    /// check, and for its tests, which give it stand-ins.
    static func mismatch(databases: Any, migrations: Any) -> FluentInternalsChanged? {
      if read(defaultIDProperty, of: databases, as: DatabaseID?.self) == nil {
        return FluentInternalsChanged(property: defaultIDProperty)
      }
      if read(driversProperty, of: databases, as: [DatabaseID: any DatabaseDriver].self) == nil {
        return FluentInternalsChanged(property: driversProperty)
      }
      let storage = read(
        storageProperty, of: migrations, as: NIOLockedValueBox<[DatabaseID?: [any Migration]]>.self)
      if storage == nil { return FluentInternalsChanged(property: storageProperty) }
      return nil
    }

    /// The ID of the default database `databases` has, or `nil` when none is set.
    static func defaultID(of databases: Databases) -> DatabaseID? {
      checkedRead(defaultIDProperty, of: databases, as: DatabaseID?.self)
    }

    /// The IDs of the databases whose driver has been made: those something asked for. Read
    /// without Fluent's lock: call it when nothing else uses the app (after `configure`).
    static func startedIDs(of databases: Databases) -> Set<DatabaseID> {
      Set(
        checkedRead(driversProperty, of: databases, as: [DatabaseID: any DatabaseDriver].self).keys)
    }

    /// The migrations Fluent runs on the database `id`, the default one: those added for no
    /// database in particular, then those added for `id`.
    static func migrations(in migrations: Migrations, for id: DatabaseID) -> [any Migration] {
      let box = checkedRead(
        storageProperty, of: migrations, as: NIOLockedValueBox<[DatabaseID?: [any Migration]]>.self)
      return box.withLockedValue { ($0[nil] ?? []) + ($0[id] ?? []) }
    }

    /// The property's value, which ``check()`` found: it stops the process, naming the property,
    /// if it is not there after all.
    private static func checkedRead<T>(_ property: Property, of subject: Any, as: T.Type) -> T {
      guard let value = read(property, of: subject, as: T.self) else {
        preconditionFailure(FluentInternalsChanged(property: property).description)
      }
      return value
    }

    /// The property's value, if `subject` has it and it is exactly of type `T` (a cast would let
    /// an empty dictionary of other types, or an absent optional, pass).
    private static func read<T>(_ property: Property, of subject: Any, as: T.Type) -> T? {
      guard
        let child = Mirror(reflecting: subject).children.first(where: {
          $0.label == property.label
        }),
        type(of: child.value) == T.self
      else { return nil }
      return child.value as? T
    }
  }
#endif
