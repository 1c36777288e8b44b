import Fluent
import SQLKit

struct CreateUser: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("users").id()
      .field("email", .string, .required).field("name", .string, .required)
      .field("created_at", .datetime).unique(on: "email").create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("users").delete()
  }
}

struct CreateProduct: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("products").id()
      .field("name", .string, .required).field("price_cents", .int, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("products").delete()
  }
}

struct CreateOrderStatus: AsyncMigration {
  func prepare(on database: any Database) async throws {
    _ = try await database.enum("order_status")
      .case("open").case("paid").case("shipped").case("cancelled").create()
  }
  func revert(on database: any Database) async throws {
    try await database.enum("order_status").delete()
  }
}

struct CreateOrder: AsyncMigration {
  func prepare(on database: any Database) async throws {
    let status = try await database.enum("order_status").read()
    try await database.schema("orders").id()
      .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
      .field("status", status, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("orders").delete()
  }
}

struct CreateOrderLine: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("order_lines").id()
      .field("order_id", .uuid, .required, .references("orders", "id", onDelete: .cascade))
      .field("product_id", .uuid, .required, .references("products", "id"))
      .field("quantity", .int, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("order_lines").delete()
  }
}

struct AddProductStock: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("products").field("stock", .int, .required, .sql(.default(0)))
      .update()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("products").deleteField("stock").update()
  }
}

struct CreateReview: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("reviews").id()
      .field("product_id", .uuid, .required, .references("products", "id", onDelete: .cascade))
      .field("stars", .int, .required).field("text", .string, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("reviews").delete()
  }
}

struct IndexProductNames: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await (database as! any SQLDatabase).create(index: "products_name").on("products")
      .column("name").run()
  }
  func revert(on database: any Database) async throws {
    try await (database as! any SQLDatabase).drop(index: "products_name").run()
  }
}

struct IndexOrdersByUser: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await (database as! any SQLDatabase).create(index: "orders_user").on("orders")
      .column("user_id").run()
  }
  func revert(on database: any Database) async throws {
    try await (database as! any SQLDatabase).drop(index: "orders_user").run()
  }
}

struct IndexReviewsByProduct: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await (database as! any SQLDatabase).create(index: "reviews_product").on("reviews")
      .column("product_id").run()
  }
  func revert(on database: any Database) async throws {
    try await (database as! any SQLDatabase).drop(index: "reviews_product").run()
  }
}

/// Every migration of the shop, in order.
public let shopMigrations: [any Migration] = [
  CreateUser(), CreateProduct(), CreateOrderStatus(), CreateOrder(), CreateOrderLine(),
  AddProductStock(), CreateReview(), IndexProductNames(), IndexOrdersByUser(),
  IndexReviewsByProduct(),
]
