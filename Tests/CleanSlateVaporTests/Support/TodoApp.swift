#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import Fluent
  import FluentPostgresDriver
  import FluentSQLiteDriver
  import PostgresNIO
  import SQLKit
  import SQLiteNIO
  import Vapor

  /// The database behind `database`: PostgreSQL's name for it, or `sqlite:` and the file SQLite
  /// keeps it in (nothing after the colon for an in-memory database).
  func databaseName(of database: any Database) async throws -> String {
    let sql = database as! any SQLDatabase
    if sql.dialect.name == "sqlite" {
      let main = try await sql.raw("PRAGMA database_list").first()
      return "sqlite:" + (try main?.decode(column: "file", as: String.self) ?? "?")
    }
    let rows = try await sql.raw("SELECT current_database() AS name").all()
    return try rows.first?.decode(column: "name", as: String.self) ?? "?"
  }

  // A small Vapor + Fluent app shaped like real ones: its configure picks in-memory SQLite under
  // `.testing` (and migrates it itself), PostgreSQL elsewhere; an enum type, an index.

  final class Todo: Model, Content, @unchecked Sendable {
    static let schema = "todos"

    @ID(key: .id) var id: UUID?
    @Field(key: "title") var title: String
    @Enum(key: "priority") var priority: Priority

    init() {}

    init(title: String, priority: Priority = .normal) {
      self.title = title
      self.priority = priority
    }
  }

  enum Priority: String, Codable, CaseIterable, Sendable {
    case low, normal, high
  }

  struct CreatePriority: AsyncMigration {
    func prepare(on database: any Database) async throws {
      _ = try await database.enum("priority").case("low").case("normal").case("high").create()
    }

    func revert(on database: any Database) async throws {
      try await database.enum("priority").delete()
    }
  }

  struct CreateTodo: AsyncMigration {
    func prepare(on database: any Database) async throws {
      let priority = try await database.enum("priority").read()
      try await database.schema("todos")
        .id()
        .field("title", .string, .required)
        .field("priority", priority, .required)
        .create()
    }

    func revert(on database: any Database) async throws {
      try await database.schema("todos").delete()
    }
  }

  struct IndexTodoTitles: AsyncMigration {
    func prepare(on database: any Database) async throws {
      try await (database as! any SQLDatabase).raw("CREATE INDEX todos_title ON todos (title)")
        .run()
    }

    func revert(on database: any Database) async throws {
      try await (database as! any SQLDatabase).raw("DROP INDEX todos_title").run()
    }
  }

  /// A migration that fails on a real database (the table it alters does not exist).
  struct BrokenMigration: AsyncMigration {
    func prepare(on database: any Database) async throws {
      try await (database as! any SQLDatabase).raw("ALTER TABLE no_such_table ADD COLUMN x int")
        .run()
    }

    func revert(on database: any Database) async throws {}
  }

  /// A migration that counts its runs: CleanSlate runs migrations on real databases only.
  struct CountingMigration: AsyncMigration {
    let runs: Box<Int>
    var name: String { "CountingMigration" }

    func prepare(on database: any Database) async throws {
      runs.value += 1
    }

    func revert(on database: any Database) async throws {}
  }

  /// A migration that casts its database to the driver's own type, as migrations that use
  /// PostgreSQL's or SQLite's features do.
  struct DriverSpecificMigration: AsyncMigration {
    var name: String { "DriverSpecificMigration" }

    func prepare(on database: any Database) async throws {
      // A cast that fails on any other database stops the test process.
      let collation = database is any SQLiteDatabase ? "BINARY" : "\"C\""
      if !(database is any SQLiteDatabase) { _ = database as! any PostgresDatabase }
      try await (database as! any SQLDatabase)
        .raw(SQLQueryString("CREATE TABLE labels (name text COLLATE \(unsafeRaw: collation))"))
        .run()
    }

    func revert(on database: any Database) async throws {}
  }

  /// Where the app would find its production database.
  enum Production {
    static let url = Box("postgres://app:secret@127.0.0.1:1/production")
  }

  /// The app's own configure, as a Vapor app has it: in-memory SQLite under `.testing`, migrated
  /// by configure itself, PostgreSQL elsewhere. `migrations` are added after the app's own.
  func configure(_ app: Application, migrations: [any Migration] = []) async throws {
    if app.environment == .testing {
      app.databases.use(.sqlite(.memory), as: .sqlite)
    } else {
      try app.databases.use(.postgres(url: Production.url.value), as: .psql)
    }
    app.migrations.add(CreatePriority(), CreateTodo(), IndexTodoTitles())
    app.migrations.add(migrations)
    if app.environment == .testing {
      try await app.autoMigrate()
    }
    try app.register(collection: TodoController())
  }

  /// A configure that always names a PostgreSQL database at `url` (as apps whose tests override
  /// it do), and migrates it itself when asked to.
  func configureForProduction(
    _ app: Application, url: String = Production.url.value, migrating: Bool = false,
    migrations: [any Migration] = []
  ) async throws {
    try app.databases.use(.postgres(url: url), as: .psql)
    app.migrations.add(CreatePriority(), CreateTodo(), IndexTodoTitles())
    app.migrations.add(migrations)
    if migrating { try await app.autoMigrate() }
    try app.register(collection: TodoController())
  }

  /// A configure that keeps its SQLite database in the file at `path`, and migrates it itself.
  func configureOnFile(
    _ app: Application, path: String, migrations: [any Migration] = []
  ) async throws {
    app.databases.use(.sqlite(.file(path)), as: .sqlite)
    app.migrations.add(CreatePriority(), CreateTodo(), IndexTodoTitles())
    app.migrations.add(migrations)
    try await app.autoMigrate()
    try app.register(collection: TodoController())
  }

  struct TodoController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
      let todos = routes.grouped("todos")
      todos.get(use: index)
      todos.post(use: create)
      routes.get("database") { request async throws -> String in
        try await databaseName(of: request.db)
      }
    }

    @Sendable func index(request: Request) async throws -> [Todo] {
      try await Todo.query(on: request.db).sort(\.$title).all()
    }

    @Sendable func create(request: Request) async throws -> Todo {
      let todo = try request.content.decode(Todo.self)
      try await todo.save(on: request.db)
      return todo
    }
  }
#endif
