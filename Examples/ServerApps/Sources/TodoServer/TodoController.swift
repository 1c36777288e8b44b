import Fluent
import Vapor

/// `GET /todos`, `POST /todos`, `PATCH /todos/:id/done`.
struct TodoController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let todos = routes.grouped("todos")
    todos.documented(.GET, summary: "Lists the todos, by title", use: index)
    todos.documented(.POST, summary: "Adds a todo", use: create)
    todos.documented(.PATCH, ":id", "done", summary: "Marks a todo done", use: markDone)
  }

  @Sendable func index(request: Request) async throws -> [Todo] {
    try await Todo.query(on: request.db).sort(\.$title).all()
  }

  @Sendable func create(request: Request) async throws -> Todo {
    let todo = try request.content.decode(Todo.self)
    if try await Todo.query(on: request.db).filter(\.$title == todo.title).first() != nil {
      throw Abort(.conflict, reason: "A todo with that title exists.")
    }
    try await todo.save(on: request.db)
    return todo
  }

  @Sendable func markDone(request: Request) async throws -> Todo {
    guard let todo = try await Todo.find(request.parameters.get("id"), on: request.db) else {
      throw Abort(.notFound)
    }
    todo.status = .done
    try await todo.save(on: request.db)
    return todo
  }
}
