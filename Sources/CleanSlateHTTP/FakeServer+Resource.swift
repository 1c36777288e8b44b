#if HTTP
  import CleanSlate
  import Foundation

  extension FakeServer {
    /// Declares a collection of JSON objects at `path`, kept in memory, with the routes that
    /// create, list, read, replace, update and delete them; returns its store.
    ///
    /// ```swift
    /// let todos = server.resource("/todos")
    /// todos.insert(["title": "Buy milk", "done": false])     // seeded: id 1
    /// ```
    ///
    /// | request | answer |
    /// |---|---|
    /// | `POST /todos` with a JSON object | 201, the object with a new `id` (1, 2, …), `Location: /todos/<id>` |
    /// | `GET /todos` | 200, every object, in the order they were added |
    /// | `GET /todos/<id>` | 200, the object |
    /// | `PUT /todos/<id>` with a JSON object | 200, the object, replaced (its `id` kept) |
    /// | `PATCH /todos/<id>` with a JSON object | 200, the object with those members changed (`null` removes one) |
    /// | `DELETE /todos/<id>` | 204 |
    ///
    /// An unknown id answers 404, a body that is not JSON or not a JSON object 400 with the
    /// reason. The id is assigned by the server; one sent in a `POST` body is replaced. Declaring
    /// the same path again returns the same store without adding routes, so a test can reach the
    /// store its fixture declared with `api.resource("/todos")`. Routes declared later win, so a
    /// custom route can still answer one of these requests differently — and read or write the
    /// same store:
    ///
    /// ```swift
    /// let todos = server.resource("/todos")
    /// server.route(.post, "/todos/:id/complete") { request in
    ///   guard let todo = todos.update(id: request.parameters["id"]!, { $0["done"] = true }) else {
    ///     return .status(.notFound)
    ///   }
    ///   return .json(.object(todo))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The collection's path, as `/todos`; its items are at `/todos/<id>`.
    ///   - idKey: The member that holds each object's id; `id` by default.
    ///   - fileID: The file that calls this, for failure messages; leave the default.
    ///   - filePath: That file's full path; leave the default.
    ///   - line: The line of the call; leave the default.
    ///   - column: The column of the call; leave the default.
    @discardableResult
    public func resource(
      _ path: String,
      idKey: String = "id",
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) -> Resource {
      let collection = RoutePattern(path)
      let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      let (resource, isNew) = state.withLock { state in
        if let existing = state.resources[collection.description] { return (existing, false) }
        let resource = Resource(path: collection.description, idKey: idKey)
        state.resources[collection.description] = resource
        return (resource, true)
      }
      if isNew {
        let item = RoutePattern(collection.description + "/:id")
        for (method, pattern, answer) in resource.routes(collection: collection, item: item) {
          addRoute(
            Route(method: method, pattern: pattern, handler: .immediate(answer), location: location)
          )
        }
      }
      return resource
    }

    /// An in-memory collection of JSON objects with an id each, declared with
    /// ``FakeServer/resource(_:idKey:fileID:filePath:line:column:)``: what its routes serve, and
    /// what a test seeds before the code runs and reads afterwards.
    ///
    /// ```swift
    /// let todos = api.resource("/todos")
    /// todos.insert(["title": "Buy milk"])                 // before the code under test runs
    /// try await client.completeTodo(id: 1)
    /// #expect(todos[id: 1]?["done"] == true)             // after
    /// ```
    public final class Resource: Sendable {
      /// The collection's path, as `/todos`.
      public let path: String
      /// The member that holds each object's id.
      public let idKey: String
      private let storage = Locked(Storage())

      private struct Storage {
        var records: [[String: JSONValue]] = []
        var nextID = 1
      }

      init(path: String, idKey: String) {
        self.path = path
        self.idKey = idKey
      }

      /// Every object, in the order they were added.
      public var records: [[String: JSONValue]] { storage.withLock { $0.records } }

      /// How many objects the collection holds.
      public var count: Int { storage.withLock { $0.records.count } }

      /// The object with `id`, if any: `todos[id: 3]` or `todos[id: "3"]` alike.
      public subscript(id id: JSONValue) -> [String: JSONValue]? {
        guard let key = Self.key(of: id) else { return nil }
        return storage.withLock { storage in
          storage.records.first { Self.key(of: $0[idKey]) == key }
        }
      }

      /// The object with `id`, as a path parameter gives it: `todos[id: request.parameters["id"]!]`.
      public subscript(id id: String) -> [String: JSONValue]? { self[id: .string(id)] }

      /// Adds an object and returns it as stored; one without an id gets the next one (1, 2, …).
      /// One whose id is already taken replaces that object.
      @discardableResult
      public func insert(_ record: [String: JSONValue]) -> [String: JSONValue] {
        storage.withLock { storage in
          var record = record
          guard let key = Self.key(of: record[idKey]) else {
            record[idKey] = .number(Double(storage.nextID))
            storage.nextID += 1
            storage.records.append(record)
            return record
          }
          if let integer = Int(key), integer >= storage.nextID { storage.nextID = integer + 1 }
          if let index = storage.records.firstIndex(where: { Self.key(of: $0[idKey]) == key }) {
            storage.records[index] = record
          } else {
            storage.records.append(record)
          }
          return record
        }
      }

      /// Adds any `Encodable` value that encodes as a JSON object, as ``insert(_:)`` does, and
      /// returns it as stored.
      ///
      /// ```swift
      /// try todos.insert(encoding: Todo(title: "Buy milk", done: false))
      /// ```
      ///
      /// - Throws: ``FakeServer/BadRequest`` when the value does not encode as a JSON object.
      @discardableResult
      public func insert(encoding value: some Encodable) throws -> [String: JSONValue] {
        let json = try JSONValue(parsing: try JSONValue.encoder.encode(value))
        return insert(try Self.object(json))
      }

      /// Replaces the object with `id` by `record`, keeping the id; returns it as stored, or `nil`
      /// when there is no such object.
      @discardableResult
      public func replace(id: JSONValue, with record: [String: JSONValue]) -> [String: JSONValue]? {
        update(id: id) { $0 = record }
      }

      /// Changes the object with `id` in place, keeping its id; returns it as stored, or `nil`
      /// when there is no such object.
      @discardableResult
      public func update(
        id: JSONValue, _ change: (inout [String: JSONValue]) throws -> Void
      ) rethrows -> [String: JSONValue]? {
        guard let key = Self.key(of: id) else { return nil }
        return try storage.withLock { storage in
          guard let index = storage.records.firstIndex(where: { Self.key(of: $0[idKey]) == key })
          else { return nil }
          let kept = storage.records[index][idKey]
          try change(&storage.records[index])
          storage.records[index][idKey] = kept
          return storage.records[index]
        }
      }

      /// Changes the object with `id`, as a path parameter gives it; see
      /// ``update(id:_:)-(JSONValue,_)``.
      @discardableResult
      public func update(
        id: String, _ change: (inout [String: JSONValue]) throws -> Void
      ) rethrows -> [String: JSONValue]? {
        try update(id: .string(id), change)
      }

      /// Removes the object with `id` and returns it, or `nil` when there is no such object.
      @discardableResult
      public func remove(id: JSONValue) -> [String: JSONValue]? {
        guard let key = Self.key(of: id) else { return nil }
        return storage.withLock { storage in
          guard let index = storage.records.firstIndex(where: { Self.key(of: $0[idKey]) == key })
          else { return nil }
          return storage.records.remove(at: index)
        }
      }

      /// Removes every object; ids go on from where they were.
      public func removeAll() {
        storage.withLock { $0.records = [] }
      }

      /// Every object decoded as `type`, in order.
      public func decode<T: Decodable>(as type: T.Type = T.self) throws -> [T] {
        try records.map { try JSONValue.object($0).decode(as: type) }
      }

      /// An id as the text it is compared by: `3` and `"3"` are the same id.
      static func key(of id: JSONValue?) -> String? {
        switch id {
        case .string(let string): string
        case .number(let number): Int(exactly: number).map(String.init) ?? "\(number)"
        default: nil
        }
      }

      /// The members of a JSON object.
      ///
      /// - Throws: ``FakeServer/BadRequest`` when the value is not an object.
      static func object(_ value: JSONValue) throws -> [String: JSONValue] {
        guard case .object(let object) = value else {
          throw BadRequest("The body must be a JSON object; it is \(value.kind).")
        }
        return object
      }
    }
  }

  extension JSONValue {
    /// The kind of value, as `an array`.
    var kind: String {
      switch self {
      case .null: "null"
      case .bool: "a Boolean"
      case .number: "a number"
      case .string: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }
#endif
