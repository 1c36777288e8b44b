#if HTTP
  import CleanSlateHTTP
  import CleanSlateTesting
  import Foundation
  import Testing

  /// Resources: an in-memory collection of JSON objects with create, list, read, replace, update
  /// and delete, ids assigned by the server, seeded and read by the test, shared with custom
  /// routes.
  @Suite(.cleanSlate) struct ResourceTests {
    struct Todo: Codable, Equatable {
      var id: Int?
      var title: String
      var done: Bool
    }

    @Test func createListReadReplaceUpdateAndDeleteWork() async throws {
      let api = try await use(.api)

      // When a client creates two todos
      let first = try await Client.send(
        "POST", "/todos", to: api, json: ["title": "Milk", "done": false, "id": 99])
      let second = try await Client.send(
        "POST", "/todos", to: api, json: ["title": "Eggs", "done": false])
      // Then each got the next id from the server (one sent by the client is replaced)
      #expect(first.status == 201)
      #expect(try first.json == ["id": 1, "title": "Milk", "done": false])
      #expect(first.header("Location") == "/todos/1")
      #expect(try second.json["id"] == 2)

      // When it lists and reads them
      let list = try await Client.send("GET", "/todos", to: api)
      let read = try await Client.send("GET", "/todos/2", to: api)
      // Then it gets them in the order they were added
      #expect(
        try list.json == [
          ["id": 1, "title": "Milk", "done": false], ["id": 2, "title": "Eggs", "done": false],
        ])
      #expect(try read.json == ["id": 2, "title": "Eggs", "done": false])

      // When it replaces one and updates the other
      let replaced = try await Client.send("PUT", "/todos/1", to: api, json: ["title": "Oat milk"])
      let updated = try await Client.send(
        "PATCH", "/todos/2", to: api, json: ["done": true, "title": .null])
      // Then the replacement keeps only the id, and the update changed and removed members
      #expect(try replaced.json == ["id": 1, "title": "Oat milk"])
      #expect(try updated.json == ["id": 2, "done": true])

      // When it deletes one
      let deleted = try await Client.send("DELETE", "/todos/1", to: api)
      // Then it is gone, and the store says so too
      #expect(deleted.status == 204)
      #expect(try await Client.send("GET", "/todos/1", to: api).status == 404)
      #expect(api.resource("/todos").records == [["id": 2, "done": true]])
    }

    @Test func anUnknownIdIs404ForEveryItemRoute() async throws {
      let api = try await use(.api)
      for method in ["GET", "PUT", "PATCH", "DELETE"] {
        let body: JSONValue? = ["PUT", "PATCH"].contains(method) ? ["title": "x"] : nil
        let reply = try await Client.send(method, "/todos/42", to: api, json: body)
        #expect(reply.status == 404, "\(method)")
        #expect(try reply.json == ["error": "No object with id '42' in /todos."])
      }
    }

    @Test func aBodyThatIsNotAJSONObjectIs400WithTheReason() async throws {
      let api = try await use(.api)
      api.resource("/todos").insert(["title": "Milk"])

      // When a client sends an array, then text that is not JSON
      let array = try await Client.send("POST", "/todos", to: api, json: ["Milk"])
      let text = try await Client.send("PUT", "/todos/1", to: api, body: Data("{title: Milk".utf8))

      // Then both are refused with the reason, and nothing changed
      #expect(array.status == 400)
      #expect(try array.json == ["error": "The body must be a JSON object; it is an array."])
      #expect(text.status == 400)
      #expect(
        try text.json["error"]?.stringValue?.hasPrefix("The body is not valid JSON: ") == true)
      #expect(api.resource("/todos").records == [["id": 1, "title": "Milk"]])
    }

    @Test func theTestSeedsTheStoreBeforeTheCodeRunsAndReadsItAfter() async throws {
      // Given a store seeded with a literal, an Encodable value and an explicit id
      let api = try await use(.api)
      let todos = api.resource("/todos")
      todos.insert(["title": "Milk", "done": false])
      try todos.insert(encoding: Todo(id: nil, title: "Eggs", done: false))
      todos.insert(["id": 10, "title": "Bread", "done": true])

      // When the code under test completes one and creates another
      _ = try await Client.send("PATCH", "/todos/2", to: api, json: ["done": true])
      _ = try await Client.send("POST", "/todos", to: api, json: ["title": "Jam", "done": false])

      // Then the store holds what the code did, and new ids go on after the highest seeded one
      #expect(
        try todos.decode(as: Todo.self) == [
          Todo(id: 1, title: "Milk", done: false), Todo(id: 2, title: "Eggs", done: true),
          Todo(id: 10, title: "Bread", done: true), Todo(id: 11, title: "Jam", done: false),
        ])
      #expect(todos[id: 2]?["done"] == true)
      #expect(todos[id: "11"]?["title"] == "Jam")
      #expect(todos.count == 4)
    }

    @Test func aCustomRouteReadsAndWritesTheSameStore() async throws {
      // Given a custom route that completes a todo in the resource's store
      let api = try await use(.api)
      let todos = api.resource("/todos")
      api.route(.post, "/todos/:id/complete") { request in
        guard let todo = todos.update(id: request.parameters["id"]!, { $0["done"] = true }) else {
          return .status(.notFound)
        }
        return .json(.object(todo))
      }
      todos.insert(["title": "Milk", "done": false])

      // When a client completes it, then reads it through the resource's route
      _ = try await Client.send("POST", "/todos/1/complete", to: api)
      let read = try await Client.send("GET", "/todos/1", to: api)

      // Then the resource serves the change
      #expect(try read.json == ["id": 1, "title": "Milk", "done": true])
      #expect(try await Client.send("POST", "/todos/9/complete", to: api).status == 404)
    }

    @Test func removingAndIdKeysWorkAsDocumented() async throws {
      // Given a resource keyed by `uuid`
      let api = try await use(.bare)
      let people = api.resource("/people", idKey: "uuid")
      people.insert(["uuid": "a-1", "name": "Ada"])
      people.insert(["name": "Grace"])

      // When one is removed by id, then all
      let removed = people.remove(id: "a-1")
      let reply = try await Client.send("GET", "/people/1", to: api)
      people.removeAll()

      // Then each step did what it says
      #expect(removed == ["uuid": "a-1", "name": "Ada"])
      #expect(try reply.json == ["uuid": 1, "name": "Grace"])
      #expect(people.records.isEmpty)
      #expect(api.resource("/people") === people)
    }
  }
#endif
