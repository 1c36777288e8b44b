extension FixtureContext {
  /// Runs `body`, in which this setup waits for what another test holds or is making (a lock,
  /// a database from a pool), as a span of its own in the lifecycle trace: a `waitBegin` and a
  /// `waitEnd` event of this fixture, whose message is `what` ("the configure lock"). The trace's
  /// outline, summary and report then tell waiting apart from working.
  ///
  /// Call it only around a wait that happens: a lock that is free, or a resource that is ready,
  /// is no wait.
  package func waiting<T>(
    for what: String,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> T
  ) async rethrows -> T {
    let testName = request.asker.testName
    runtime.emit(.waitBegin, fixture: fixtureName, testName: testName, message: what)
    let start = ContinuousClock.now
    do {
      let value = try await body()
      runtime.emit(
        .waitEnd, fixture: fixtureName, testName: testName, outcome: .passed, since: start,
        message: what)
      return value
    } catch {
      runtime.emit(
        .waitEnd, fixture: fixtureName, testName: testName, outcome: .failed, since: start,
        message: what)
      throw error
    }
  }
}
