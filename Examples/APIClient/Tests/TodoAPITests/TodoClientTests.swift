import CleanSlateHTTP
import CleanSlateTesting
import Testing
import TodoAPI

/// The client against a fake server, with Swift Testing: each test has a server of its own,
/// so they run in parallel without seeing each other's to-dos.
@Suite(.cleanSlate) struct TodoClientTests {
  @Test func addsATodoAndListsIt() async throws {
    let api = try await use(.todoAPI)
    let client = TodoClient(baseURL: api.baseURL)

    let added = try await client.add("Buy milk")

    #expect(added == Todo(id: 1, title: "Buy milk", done: false))
    #expect(try await client.todos() == [added])
  }

  @Test func deletesOnlyTheTodosThatAreDone() async throws {
    // Given a server that already holds three to-dos, one of them done
    let api = try await use(.todoAPI)
    let todos = api.resource("/todos")
    todos.insert(["title": "Buy milk", "done": true])
    todos.insert(["title": "Walk the dog", "done": false])
    todos.insert(["title": "Call mum", "done": true])
    api.expect(.delete, "/todos/:id", times: 2)

    // When the client deletes the done ones
    let deleted = try await TodoClient(baseURL: api.baseURL).deleteDone()

    // Then only the open one is left on the server
    #expect(deleted == 2)
    #expect(todos.records.map { $0["title"] } == ["Walk the dog"])
  }

  @Test func retriesWhileTheServerIsBusy() async throws {
    // Given a server that is busy for the next two requests
    let api = try await use(.todoAPI)
    api.resource("/todos").insert(["title": "Buy milk", "done": false])
    api.inject(.status(503), on: .get, "/todos", next: 2)
    api.expect(.get, "/todos", times: 3)

    // When the client lists the to-dos, then it got them on its third try
    #expect(try await TodoClient(baseURL: api.baseURL).todos().count == 1)
  }

  @Test func givesUpWhenTheServerStaysBusy() async throws {
    let api = try await use(.todoAPI)
    api.inject(.status(503))
    await #expect(throws: TodoClient.Failure.unavailable) {
      try await TodoClient(baseURL: api.baseURL).todos()
    }
  }
}
