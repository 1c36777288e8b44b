import Vapor

/// The app's API catalog (what its documentation is generated from): each route's method, path
/// and summary, noted as the route is registered.
///
/// Like the catalogs of libraries that annotate routes (for OpenAPI, say), it is a global that
/// route registration fills without a lock: safe while one app is configured at a time, as in
/// production, and a crash (SIGSEGV) when two tests configure their apps at once.
public enum RouteCatalog {
  nonisolated(unsafe) public static var summaries: [String: String] = [:]
}

extension RoutesBuilder {
  /// Registers a route and notes it in the catalog.
  @discardableResult
  func documented<Response: AsyncResponseEncodable>(
    _ method: HTTPMethod, _ path: PathComponent..., summary: String,
    use closure: @escaping @Sendable (Request) async throws -> Response
  ) -> Route {
    let route = on(method, path, use: closure)
    RouteCatalog.summaries["\(method.rawValue) /\(route.path.string)"] = summary
    return route
  }
}
