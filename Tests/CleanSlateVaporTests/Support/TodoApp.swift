#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import Fluent
  import FluentPostgresDriver
  import FluentSQLiteDriver
  import Vapor

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

  /// A migration that counts its runs on a real database.
  struct CountingMigration: AsyncMigration {
    let runs: Box<Int>
    var name: String { "CountingMigration" }

    func prepare(on database: any Database) async throws {
      if !isRecorder(database) { runs.value += 1 }
    }

    func revert(on database: any Database) async throws {}
  }

  /// Whether `database` is the recorder CleanSlate works out a template's key with (it runs
  /// nothing).
  func isRecorder(_ database: any Database) -> Bool {
    String(describing: type(of: database.context.configuration)).contains("Recorder")
  }

  /// Where the app would find its production database.
  enum Production {
    static let url = Box("postgres://app:secret@127.0.0.1:1/production")
  }

  /// The app's own configure, as a Vapor app has it.
  func configure(_ app: Application) async throws {
    if app.environment == .testing {
      app.databases.use(.sqlite(.memory), as: .sqlite)
    } else {
      try app.databases.use(.postgres(url: Production.url.value), as: .psql)
    }
    app.migrations.add(CreatePriority(), CreateTodo(), IndexTodoTitles())
    if app.environment == .testing {
      try await app.autoMigrate()
    }
    try app.register(collection: TodoController())
  }

  /// A configure that always names the production database (as apps whose tests override it
  /// do), and never migrates it itself.
  func configureForProduction(_ app: Application) async throws {
    try app.databases.use(.postgres(url: Production.url.value), as: .psql)
    app.migrations.add(CreatePriority(), CreateTodo(), IndexTodoTitles())
    try app.register(collection: TodoController())
  }

  struct TodoController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
      let todos = routes.grouped("todos")
      todos.get(use: index)
      todos.post(use: create)
      routes.get("database") { request async throws -> String in
        let rows = try await (request.db as! any SQLDatabase)
          .raw("SELECT current_database() AS name").all()
        return try rows.first?.decode(column: "name", as: String.self) ?? "?"
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
