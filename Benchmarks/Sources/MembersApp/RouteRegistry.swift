import Vapor

/// The site's API documentation, filled as each route is registered: like the catalogs of the
/// libraries that annotate routes for OpenAPI, a process-wide global without a lock. Safe while
/// one app is configured at a time, as in production; two configures at once corrupt it, and the
/// test process crashes (SIGSEGV) in some runs and not others.
public enum RouteRegistry {
  nonisolated(unsafe) public static var operations: [String: String] = [:]
  nonisolated(unsafe) public static var order: [String] = []
  /// The API document, rendered anew from every operation after each registration.
  nonisolated(unsafe) public static var document = ""
}

extension RoutesBuilder {
  /// Registers a route and documents it in the registry.
  @discardableResult
  func documented<Response: AsyncResponseEncodable>(
    _ method: HTTPMethod, _ path: PathComponent..., summary: String,
    use closure: @escaping @Sendable (Request) async throws -> Response
  ) -> Route {
    let route = on(method, path, use: closure)
    let operation = "\(method.rawValue) /\(route.path.string)"
    RouteRegistry.operations[operation] = summary
    RouteRegistry.order.removeAll { $0 == operation }
    RouteRegistry.order.append(operation)
    RouteRegistry.order.sort()
    RouteRegistry.document = RouteRegistry.order
      .map { "\($0): \(RouteRegistry.operations[$0] ?? "")" }
      .joined(separator: "\n")
    return route
  }
}
