#if HTTP
  import CleanSlateHTTP
  import CleanSlateTesting
  import Testing

  /// 100 tests running in parallel, each with its own fake: each sees exactly its own records.
  @Suite(.cleanSlate) struct ParallelFakesTests {
    @Test(arguments: 0..<100)
    func eachParallelTestSeesOnlyItsOwnRecords(_ index: Int) async throws {
      // Given a fake of this test's own
      let api = try await use(.api)

      // When the test posts three todos and lists them
      let titles = (1...3).map { "test \(index), todo \($0)" }
      for title in titles {
        let created = try await Client.send(
          "POST", "/todos", to: api, json: ["title": .string(title)])
        #expect(created.status == 201)
      }
      let list = try await Client.send("GET", "/todos", to: api)

      // Then it gets exactly its own three, with ids 1 to 3, and its journal holds its requests only
      #expect(
        try list.json
          == .array(
            titles.enumerated().map { ["id": .number(Double($0 + 1)), "title": .string($1)] }))
      #expect(api.journal.count == 4)
    }
  }
#endif
