/// One registered teardown: what to run, who registered it, and how long it may take.
struct Teardown: Sendable {
  enum Body: Sendable {
    case sync(@Sendable () throws -> Void)
    case async(@Sendable () async throws -> Void)
  }

  let body: Body
  let fixture: String?
  /// The declaration of the fixture that registered it, if a fixture did.
  let declaration: CodeLocation?
  let dependencyPath: [String]
  let location: CodeLocation
  let timeout: Duration

  /// Whether the body is synchronous (it runs on a dispatch queue, not in a task).
  var isSynchronous: Bool {
    if case .sync = body { return true }
    return false
  }

  /// The same teardown with a body of the same kind that does nothing, for bookkeeping that
  /// must not keep what the real body captured alive.
  var withoutBody: Teardown {
    let empty: Body = isSynchronous ? .sync({}) : .async({})
    return Teardown(
      body: empty, fixture: fixture, declaration: declaration, dependencyPath: dependencyPath,
      location: location, timeout: timeout)
  }
}
