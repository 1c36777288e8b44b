import Fluent
import Vapor

// A shop, shaped like a real Vapor + Fluent app: users, products, orders with an enum status,
// order lines, reviews; ten migrations including an enum type, indexes and a column added later.

public final class User: Model, Content, @unchecked Sendable {
  public static let schema = "users"
  @ID(key: .id) public var id: UUID?
  @Field(key: "email") public var email: String
  @Field(key: "name") public var name: String
  @Timestamp(key: "created_at", on: .create) public var createdAt: Date?
  public init() {}
  public init(email: String, name: String) {
    self.email = email
    self.name = name
  }
}

public final class Product: Model, Content, @unchecked Sendable {
  public static let schema = "products"
  @ID(key: .id) public var id: UUID?
  @Field(key: "name") public var name: String
  @Field(key: "price_cents") public var priceCents: Int
  @Field(key: "stock") public var stock: Int
  public init() {}
  public init(name: String, priceCents: Int, stock: Int) {
    self.name = name
    self.priceCents = priceCents
    self.stock = stock
  }
}

public enum OrderStatus: String, Codable, Sendable { case open, paid, shipped, cancelled }

public final class Order: Model, Content, @unchecked Sendable {
  public static let schema = "orders"
  @ID(key: .id) public var id: UUID?
  @Parent(key: "user_id") public var user: User
  @Enum(key: "status") public var status: OrderStatus
  @Children(for: \.$order) public var lines: [OrderLine]
  public init() {}
  public init(userID: UUID, status: OrderStatus = .open) {
    self.$user.id = userID
    self.status = status
  }
}

public final class OrderLine: Model, Content, @unchecked Sendable {
  public static let schema = "order_lines"
  @ID(key: .id) public var id: UUID?
  @Parent(key: "order_id") public var order: Order
  @Parent(key: "product_id") public var product: Product
  @Field(key: "quantity") public var quantity: Int
  public init() {}
  public init(orderID: UUID, productID: UUID, quantity: Int) {
    self.$order.id = orderID
    self.$product.id = productID
    self.quantity = quantity
  }
}

public final class Review: Model, Content, @unchecked Sendable {
  public static let schema = "reviews"
  @ID(key: .id) public var id: UUID?
  @Parent(key: "product_id") public var product: Product
  @Field(key: "stars") public var stars: Int
  @Field(key: "text") public var text: String
  public init() {}
}
