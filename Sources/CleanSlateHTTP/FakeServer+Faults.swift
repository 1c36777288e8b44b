#if HTTP
  extension FakeServer {
    /// Injects a fault into the requests with `method` whose path matches `path`: every one, or
    /// the `next` ones.
    ///
    /// ```swift
    /// api.inject(.latency(.milliseconds(200)), on: .get, "/todos")
    /// api.inject(.status(503), on: .post, "/todos", next: 2)     // then the route answers again
    /// ```
    ///
    /// The faults that apply to a request, and how they combine, are described at ``Fault``.
    ///
    /// - Parameters:
    ///   - fault: What goes wrong.
    ///   - method: The method to match, as `.get`.
    ///   - path: The path pattern, as `/todos/:id`; it need not be a declared route's.
    ///   - next: How many of the next matching requests it applies to; every one when `nil`.
    public func inject(
      _ fault: Fault, on method: HTTPRequest.Method, _ path: String, next: Int? = nil
    ) {
      add(
        FaultInjection(fault: fault, method: method, pattern: RoutePattern(path), remaining: next))
    }

    /// Injects a fault into every request the server receives, or into the `next` ones.
    ///
    /// ```swift
    /// api.inject(.reset, next: 1)      // the next request, whatever it is, loses its connection
    /// ```
    ///
    /// - Parameters:
    ///   - fault: What goes wrong.
    ///   - next: How many of the next requests it applies to; every one when `nil`.
    public func inject(_ fault: Fault, next: Int? = nil) {
      add(FaultInjection(fault: fault, method: nil, pattern: nil, remaining: next))
    }

    /// Removes every injected fault: the routes answer normally again.
    public func removeFaults() {
      state.withLock { $0.faults = [] }
    }

    private func add(_ injection: FaultInjection) {
      guard injection.remaining.map({ $0 > 0 }) ?? true else { return }
      state.withLock { $0.faults.append(injection) }
    }
  }
#endif
