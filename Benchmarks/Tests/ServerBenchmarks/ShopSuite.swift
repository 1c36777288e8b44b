import CleanSlateTesting
import CleanSlateVapor
import Foundation
import ShopApp
import Testing
import VaporTesting

// One suite of 102 tests (three kinds, 34 cases each, a few requests each), run three ways: see
// run-server.sh. SERVER_BENCH_MODE picks the way, SERVER_BENCH_OUT where the times go.

/// How each test gets its app and database.
enum Mode: String {
  /// Vapor's documented way: `autoMigrate()` before and `autoRevert()` after every test, on one
  /// shared PostgreSQL database (run serialized).
  case documented
  /// In-memory SQLite, migrated in every test.
  case sqlite
  /// `vaporApp` with its default options: the shop's configure names PostgreSQL, so a clone of a
  /// migrated template per test.
  case cleanslate
  /// The same, the apps configured concurrently (`configuresConcurrently: true`).
  case cleanslateConcurrent = "cleanslate-concurrent"
  /// `vaporApp(database: .sqlite)`: a copy of a SQLite file the shop's migrations built once.
  case cleanslateSQLite = "cleanslate-sqlite"
  /// `vaporApp(database: .postgres)` over a configure that migrates in-memory SQLite itself under
  /// `.testing` (`autoMigrate()`).
  case selfMigrating = "selfmigrating"
  /// `vaporApp` with its default options over that configure.
  case selfMigratingDefault = "selfmigrating-default"
}

let benchEnvironment = ProcessInfo.processInfo.environment
let mode = Mode(rawValue: benchEnvironment["SERVER_BENCH_MODE"] ?? "") ?? .cleanslate

extension Fixture where Value == Application {
  static let shop: Fixture<Application> = {
    switch mode {
    case .documented:
      return Fixture("shop") { context in
        let app = try await Application.make(.testing)
        let url =
          benchEnvironment["SERVER_BENCH_SHARED_URL"] ?? "postgres://postgres@127.0.0.1/bench"
        do {
          try await configure(app, database: .postgres(url: url))
          try await app.autoMigrate()
        } catch {
          try? await app.asyncShutdown()
          throw error
        }
        context.addTeardown {
          try await app.autoRevert()
          try await app.asyncShutdown()
        }
        return app
      }
    case .sqlite:
      return Fixture("shop") { context in
        let app = try await Application.make(.testing)
        do {
          try await configure(app, database: .sqliteInMemory)
          try await app.autoMigrate()
        } catch {
          try? await app.asyncShutdown()
          throw error
        }
        context.addTeardown { try await app.asyncShutdown() }
        return app
      }
    case .cleanslate:
      return Fixture.vaporApp("shop") { app in
        try await timedPhase("configure") {
          try await configure(app, database: .postgres(url: "postgres://shop@127.0.0.1:1/shop"))
        }
      }
    case .cleanslateConcurrent:
      return Fixture.vaporApp("shop", configuresConcurrently: true) { app in
        try await configure(app, database: .postgres(url: "postgres://shop@127.0.0.1:1/shop"))
      }
    case .cleanslateSQLite:
      return Fixture.vaporApp("shop", database: .sqlite) { app in
        try await configure(app, database: .postgres(url: "postgres://shop@127.0.0.1:1/shop"))
      }
    case .selfMigrating:
      return Fixture.vaporApp("shop", database: .postgres) { app in
        try await timedPhase("configure") {
          try await configureMigratingItself(app, url: "postgres://shop@127.0.0.1:1/shop")
        }
      }
    case .selfMigratingDefault:
      return Fixture.vaporApp("shop") { app in
        try await timedPhase("configure") {
          try await configureMigratingItself(app, url: "postgres://shop@127.0.0.1:1/shop")
        }
      }
    }
  }()
}

@Suite(.timed, .cleanSlate) struct ShopTests {
  @Test(.fixtures(.shop), arguments: 0..<34) func placesAnOrder(number: Int) async throws {
    try await measuredBody { app in
      let user = try await app.post("users", User(email: "u\(number)@shop.test", name: "U"))
      let product = try await app.post(
        "products", Product(name: "tea \(number)", priceCents: 350, stock: 5))
      let order = try await app.post(
        "orders", NewOrderBody(userID: user.id!, productID: product.id!, quantity: 2),
        as: Order.self)
      let orders = try await app.get("orders", as: [Order].self)
      #expect(orders.map(\.id) == [order.id])
    }
  }

  @Test(.fixtures(.shop), arguments: 0..<34) func listsProducts(number: Int) async throws {
    try await measuredBody { app in
      _ = try await app.post("products", Product(name: "b \(number)", priceCents: 1, stock: 1))
      _ = try await app.post("products", Product(name: "a \(number)", priceCents: 2, stock: 1))
      let names = try await app.get("products", as: [Product].self).map(\.name)
      #expect(names == ["a \(number)", "b \(number)"])
    }
  }

  @Test(.fixtures(.shop), arguments: 0..<34) func paysAnOrder(number: Int) async throws {
    try await measuredBody { app in
      let user = try await app.post("users", User(email: "p\(number)@shop.test", name: "P"))
      let product = try await app.post(
        "products", Product(name: "mug \(number)", priceCents: 900, stock: 1))
      let order = try await app.post(
        "orders", NewOrderBody(userID: user.id!, productID: product.id!, quantity: 1),
        as: Order.self)
      let paid = try await app.post("orders/\(order.id!)/pay", Empty(), as: Order.self)
      #expect(paid.status == .paid)
    }
  }
}

struct NewOrderBody: Content {
  var userID: UUID
  var productID: UUID
  var quantity: Int
}

struct Empty: Content {}

extension Application {
  func post<Body: Content>(_ path: String, _ body: Body) async throws -> Body {
    try await post(path, body, as: Body.self)
  }

  func post<Body: Content, Reply: Content>(
    _ path: String, _ body: Body, as: Reply.Type
  ) async throws -> Reply {
    var reply: Reply?
    try await testing().test(.POST, path, beforeRequest: { try $0.content.encode(body) }) {
      #expect($0.status == .ok)
      reply = try $0.content.decode(Reply.self)
    }
    return try #require(reply)
  }

  func get<Reply: Content>(_ path: String, as: Reply.Type) async throws -> Reply {
    var reply: Reply?
    try await testing().test(.GET, path) { reply = try $0.content.decode(Reply.self) }
    return try #require(reply)
  }
}
