internal import CleanSlate
internal import Testing

extension CleanSlateTrait {
  /// Runs the life of `target`'s scope around `function` as the trait does, a test's in a task
  /// of its own: CleanSlate's tests drive the trait with targets and functions of their own.
  package func provideScope(
    for target: ScopeTarget, identity: (@Sendable () -> TestIdentity)? = nil,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await ScopeRuntime.inOwnTask(if: target.kind == .test) {
      try await live(target, identity: identity, performing: function)
    }
  }

  /// Runs the life of `target`'s scope around `function`, with the trait's fixtures set up
  /// first (``ScopeRuntime/live(_:sink:identity:fixtures:at:body:)``); what `function` throws,
  /// but for CleanSlate's own failures, is Swift Testing's to record.
  ///
  /// - Parameter identity: Tells a test's ``TestIdentity`` (its module and argument case) when a
  ///   fixture asks for it; `nil` knows the test by the target's name.
  func live(
    _ target: ScopeTarget, identity: (@Sendable () -> TestIdentity)?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    ScopelessSwiftTestingCalls.registerOnce()
    try await ScopeRuntime.live(
      target, sink: .swiftTesting(attachingAt: sourceLocation), identity: identity,
      fixtures: fixtures, at: CodeLocation(sourceLocation), body: function)
  }
}

extension ScopeTarget {
  /// The target for a suite, or for the running case of a test function.
  init(_ test: Test) {
    self.init(
      test.isSuite ? .suite : .test, name: test.id.nameComponents.joined(separator: "/"),
      id: test.id.description, sentinel: Self.sentinel(of: test),
      location: CodeLocation(test.sourceLocation), timeLimit: Self.innermost(\.timeLimit, of: test))
  }

  /// What the innermost of `test`'s CleanSlate traits that sets `setting` says: a test's own
  /// trait's, else its suite's.
  static func innermost<Setting>(
    _ setting: KeyPath<CleanSlateTrait, Setting?>, of test: Test
  ) -> Setting? {
    test.traits.reversed().lazy.compactMap { ($0 as? CleanSlateTrait)?[keyPath: setting] }.first
  }
}
