#if HTTP
  /// The routes closest to a request that none matches: first those with the same path and
  /// another method, then those with the same method and a similar path.
  enum NearMiss {
    /// At most three routes, each as `GET /todos (same method, similar path), declared at …`.
    static func closest(to request: FakeServer.Request, among routes: [Route]) -> [String] {
      let path = PathSegments.split(request.path)
      // Paths within a few edits, or within half their length, are worth naming.
      let limit = max(3, request.path.count / 2)
      var candidates: [(distance: Int, text: String)] = []
      var named: Set<String> = []
      for route in routes.reversed() where named.insert(route.description).inserted {
        if route.method != request.method, route.pattern.match(path) != nil {
          candidates.append(
            (-1, "\(route) (same path, other method), declared at \(route.location)"))
        } else if route.method == request.method {
          let distance = route.pattern.distance(to: path)
          if distance <= limit {
            candidates.append(
              (distance, "\(route) (same method, similar path), declared at \(route.location)"))
          }
        }
      }
      return candidates.enumerated()
        .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
        .prefix(3).map(\.element.text)
    }
  }
#endif
