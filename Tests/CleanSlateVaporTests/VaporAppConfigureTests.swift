#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Foundation
  import Testing
  import Vapor
  import VaporTesting

  /// A registry of routes that the app's route registration fills without a lock, as libraries
  /// that annotate routes (for OpenAPI, say) keep one: safe only while one app is configured at
  /// a time.
  enum RouteRegistry {
    nonisolated(unsafe) static var described: [String] = []
  }

  extension RoutesBuilder {
    /// Registers `GET path`, noting it in the global registry.
    func describedGet(_ path: PathComponent, use answer: @escaping @Sendable (Request) -> String) {
      RouteRegistry.described.append("GET /\(path)")
      get(path) { answer($0) }
    }
  }

  /// Runs `count` tests at once, each using `fixture`, and returns their failures.
  func runAtOnce(_ count: Int, using fixture: Fixture<Application>) async throws -> [String] {
    let process = makeProcessScope()
    let failures = try await withThrowingTaskGroup(of: [CleanSlateError].self) { group in
      for index in 0..<count {
        group.addTask {
          try await runTestScope("Vapor/atOnce\(index)()", in: process) {
            let app = try await use(fixture)
            try await app.testing().test(.GET, "hello") { #expect($0.status == .ok) }
          }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    await process.end()
    return failures.map(\.summary)
  }

  @Suite struct VaporAppConfigureTests {
    @Test func appsAreMadeAndConfiguredOneAtATimeByDefault() async throws {
      // Given an app whose configure notes how many configures run at once.
      let running = Box(0)
      let most = Box(0)
      let fixture = Fixture.vaporApp("oneAtATime") { app in
        running.value += 1
        most.value = max(most.value, running.value)
        try await Task.sleep(for: .milliseconds(20))
        running.value -= 1
        app.get("hello") { _ in "hello" }
      }
      // When six tests set it up at once.
      let failures = try await runAtOnce(6, using: fixture)
      // Then no two configures overlapped.
      #expect(failures.isEmpty)
      #expect(most.value == 1)
    }

    @Test func configuresConcurrentlyLetsConfiguresOverlap() async throws {
      // Given an app whose configure, once the process knows the app, waits (up to 10 s) until
      // three configures run at once.
      let gathering = Box(false)
      let running = Box(0)
      let most = Box(0)
      let fixture = Fixture.vaporApp("concurrent", configuresConcurrently: true) { app in
        running.value += 1
        most.value = max(most.value, running.value)
        for _ in 0..<1_000 where gathering.value && running.value < 3 {
          try await Task.sleep(for: .milliseconds(10))
        }
        running.value -= 1
        app.get("hello") { _ in "hello" }
      }
      #expect(try await runAtOnce(1, using: fixture).isEmpty)
      // When three tests set it up at once.
      gathering.value = true
      most.value = 0
      let failures = try await runAtOnce(3, using: fixture)
      // Then the three ran together.
      #expect(failures.isEmpty)
      #expect(most.value == 3)
    }

    @Test func aRouteRegistrationThatMutatesGlobalStateIsSafeInParallelByDefault() async throws {
      // Given an app whose route registration appends to a global registry without a lock.
      let fixture = Fixture.vaporApp("describedRoutes") { app in
        app.describedGet("hello") { _ in "hello" }
      }
      let before = RouteRegistry.described.count
      // When 24 tests set it up at once, with the default options.
      let failures = try await runAtOnce(24, using: fixture)
      // Then every registration was kept: none raced another.
      #expect(failures.isEmpty)
      #expect(RouteRegistry.described.count - before == 24)
    }
  }
#endif
