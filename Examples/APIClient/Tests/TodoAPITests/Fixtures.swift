import CleanSlateHTTP

extension Fixture where Value == FakeServer {
  /// The to-do API, faked: a `/todos` resource kept in memory, a fresh one for every test.
  static let todoAPI = Fixture.fakeServer("todoAPI") { server in
    server.resource("/todos")
  }
}
