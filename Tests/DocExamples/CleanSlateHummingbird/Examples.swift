// swift-format-ignore-file
// The code examples of CleanSlateHummingbird's documentation (its DocC catalog and its symbols'
// comments), compiled: scripts/check-doc-examples.sh checks that each example is here.
#if Hummingbird && Postgres
  import CleanSlateHummingbird
  import CleanSlatePostgres
  import CleanSlateTesting
  import Hummingbird
  import HummingbirdTesting
  import Testing

  extension Fixture where Value == PostgresTestDatabase {
    static let ordersDatabase = Fixture.postgresDatabase(template: .orders)
  }

  extension Fixture where Value == HummingbirdTestClient {
    static let api = Fixture.hummingbirdApp("api", testing: .live) { context in
      let database = try await context.use(.ordersDatabase)
      return try await buildApplication(postgres: database.clientConfiguration)
    }
  }

  @Suite(.cleanSlate) struct OrderTests {
    @Test func listsOrders() async throws {
      let client = try await use(.api)
      try await client.execute(uri: "/orders", method: .get) { #expect($0.status == .ok) }
    }
  }

  @Suite(.cleanSlate) struct OrderClientTests {
    @Test func answersOrders() async throws {
      let client = try await use(.api)
      try await client.execute(uri: "/orders", method: .get) { response in
        #expect(response.status == .ok)
      }
    }
  }

  @Test func createsAnOrder() async throws {
    let client = try await use(.api)
    try await client.execute(uri: "/orders", method: .post, body: ByteBuffer(string: #"{"item":"tea"}"#)) {
      #expect($0.status == .created)
    }
  }
#endif
