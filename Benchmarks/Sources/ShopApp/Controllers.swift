import Fluent
import Vapor

struct UserController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let users = routes.grouped("users")
    users.post { request async throws -> User in
      let user = try request.content.decode(User.self)
      try await user.save(on: request.db)
      return user
    }
    users.get(":id") { request async throws -> User in
      guard let user = try await User.find(request.parameters.get("id"), on: request.db) else {
        throw Abort(.notFound)
      }
      return user
    }
  }
}

struct ProductController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let products = routes.grouped("products")
    products.post { request async throws -> Product in
      let product = try request.content.decode(Product.self)
      try await product.save(on: request.db)
      return product
    }
    products.get { request async throws -> [Product] in
      try await Product.query(on: request.db).sort(\.$name).all()
    }
  }
}

struct NewOrder: Content {
  var userID: UUID
  var productID: UUID
  var quantity: Int
}

struct OrderController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let orders = routes.grouped("orders")
    orders.post { request async throws -> Order in
      let new = try request.content.decode(NewOrder.self)
      return try await request.db.transaction { database in
        guard let product = try await Product.find(new.productID, on: database),
          product.stock >= new.quantity
        else { throw Abort(.conflict, reason: "Out of stock.") }
        product.stock -= new.quantity
        try await product.save(on: database)
        let order = Order(userID: new.userID)
        try await order.save(on: database)
        try await OrderLine(orderID: order.id!, productID: new.productID, quantity: new.quantity)
          .save(on: database)
        return order
      }
    }
    orders.get { request async throws -> [Order] in
      try await Order.query(on: request.db).with(\.$lines).all()
    }
    orders.post(":id", "pay") { request async throws -> Order in
      guard let order = try await Order.find(request.parameters.get("id"), on: request.db) else {
        throw Abort(.notFound)
      }
      order.status = .paid
      try await order.save(on: request.db)
      return order
    }
  }
}
