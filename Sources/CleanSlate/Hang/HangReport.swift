/// What CleanSlate knows of a test that runs too long: where its life is (its setup, its body, a
/// teardown), the fixtures it holds, and the work its ``WorkTracker`` still counts, with where
/// each was declared or started.
///
/// ```
/// Test 'ShopTests.Checkout/paysByCard()' has run for 5.0 s.
///   declared at: ShopTests/Checkout.swift:14
///   now in: the test body
///   fixtures of the test, in the order their setup began:
///     'paymentServer' (test): set up; declared at ShopTests/Fixtures.swift:8
///     'workTracker' (test): set up; declared at CleanSlate/WorkTracker+Fixture.swift:14
///   work its WorkTracker still counts:
///     'confirm payment' (started at ShopTests/Checkout.swift:18)
/// ```
///
/// The in-process watch prints it when a test passes its limit (``HangWatch``); a runner that
/// watches the process asks for the report of every running test (``HangReportRequests``).
package enum HangReport {
  /// The report of each test running now, the oldest first, each in a section whose first line
  /// is `#test <name>` (its name as `swift test list` prints it).
  package static func ofRunningTests(at now: ContinuousClock.Instant = .now) -> String {
    RunningTests.scopes.map { scope in
      let name = scope.testIdentity?.name ?? scope.name
      return (["#test \(name)"] + lines(of: scope, at: now)).joined(separator: "\n") + "\n"
    }.joined()
  }

  /// The sections of a text ``ofRunningTests(at:)`` made, by test name; a test that ran in
  /// several cases at once has their sections one after the other.
  package static func sections(in text: String) -> [String: String] {
    var sections: [String: String] = [:]
    var name: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("#test ") {
        name = String(line.dropFirst(6))
      } else if let name, !line.isEmpty {
        sections[name, default: ""] += line + "\n"
      }
    }
    return sections
  }

  /// The report of the test of `scope` once it has run for `elapsed`, in lines.
  package static func lines(of scope: ScopeRuntime, after elapsed: Duration) -> [String] {
    lines(of: scope, at: scope.began + elapsed)
  }

  /// The report of the test of `scope`, in lines.
  static func lines(of scope: ScopeRuntime, at now: ContinuousClock.Instant) -> [String] {
    let identity = scope.testIdentity
    let name = identity?.description ?? scope.name
    var lines = ["Test '\(name)' has run for \(seconds(now - scope.began, decimals: 1))."]
    if let location = scope.location { lines.append("  declared at: \(location)") }
    var scopes: [ScopeRuntime] = []
    var next: ScopeRuntime? = scope
    while let current = next {
      scopes.append(current)
      next = current.parent
    }
    let entries = scopes.map { ($0, $0.fixtureEntries) }
    lines.append("  now in: \(place(of: scope, setups: entries, now: now))")
    for (owner, held) in entries where !held.isEmpty {
      lines.append("  fixtures \(holder(owner)), in the order their setup began:")
      for entry in held { lines.append("    \(describe(entry, in: owner, now: now))") }
    }
    let trackers = entries.flatMap(\.1).compactMap { entry -> WorkTracker? in
      guard case .success(let value)? = entry.outcome else { return nil }
      return value as? WorkTracker
    }
    if !trackers.isEmpty {
      let work = trackers.flatMap(\.runningWork)
      lines.append("  work its WorkTracker still counts:\(work.isEmpty ? " none" : "")")
      for piece in work { lines.append("    \(piece)") }
    }
    return lines
  }

  /// `5 s`, `2.5 s`, `0.25 s`; with `decimals`, that many digits after the point.
  package static func seconds(_ duration: Duration, decimals: Int? = nil) -> String {
    let value = duration.inSeconds
    if let decimals {
      var scale = 1.0
      for _ in 0..<decimals { scale *= 10 }
      let rounded = (value * scale).rounded() / scale
      let text = "\(rounded)"
      let fraction = text.split(separator: ".").last.map(String.init) ?? ""
      return text + String(repeating: "0", count: max(0, decimals - fraction.count)) + " s"
    }
    let text = "\((value * 1000).rounded() / 1000)"
    return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " s"
  }

  // MARK: - Parts

  private static func place(
    of scope: ScopeRuntime, setups entries: [(ScopeRuntime, [FixtureEntry])],
    now: ContinuousClock.Instant
  ) -> String {
    let pending = entries.flatMap { owner, held in
      held.filter { $0.outcome == nil }.map { (owner, $0) }
    }
    if let (owner, entry) = pending.first {
      return
        "the setup of fixture '\(entry.name)' (\(scopeName(of: owner))), running for \(seconds(now - entry.began, decimals: 1))"
    }
    switch scope.phase {
    case .beforeBody: return "its setup, before the body"
    case .body: return "the test body"
    case .bodyEndChecks:
      return "the checks of the end of the body (the wait for its tracked work, verifications)"
    case .afterBody: return "after the body, before its teardowns (XCTest's tearDown methods)"
    case .teardown(let fixture?, let location):
      return "the teardown of fixture '\(fixture)' (registered at \(location))"
    case .teardown(nil, let location): return "a teardown registered at \(location)"
    case .afterTeardownChecks: return "the leak checks, after every teardown"
    }
  }

  private static func holder(_ owner: ScopeRuntime) -> String {
    switch owner.kind {
    case .test: "of the test"
    case .suite: "of its suite '\(owner.name)'"
    case .process: "of the process"
    }
  }

  private static func scopeName(of owner: ScopeRuntime) -> String {
    switch owner.kind {
    case .test: "test scope"
    case .suite: "suite '\(owner.name)'"
    case .process: "process scope"
    }
  }

  private static func describe(
    _ entry: FixtureEntry, in owner: ScopeRuntime, now: ContinuousClock.Instant
  ) -> String {
    let state =
      switch entry.outcome {
      case .success?: "set up"
      case .failure?: "failed to set up"
      case nil: "setting up for \(seconds(now - entry.began, decimals: 1))"
      }
    return "'\(entry.name)' (\(entry.scope)): \(state); declared at \(entry.declaration)"
  }
}
