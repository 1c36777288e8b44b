#if HTTP
  /// Whether `condition` becomes true within `limit`, checked every millisecond: for what happens
  /// on the server's threads after the client is done. The limit only bounds a failing test.
  func eventually(
    within limit: Duration = .seconds(10), _ condition: @Sendable () -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
#endif
