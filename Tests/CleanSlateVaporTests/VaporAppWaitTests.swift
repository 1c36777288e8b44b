#if Vapor
  import CleanSlate
  import CleanSlateTestSupport
  import CleanSlateVapor
  import Foundation
  import Testing
  import Vapor

  /// The time a test waits for another's configure is a wait of its own in the trace, not work of
  /// its app's setup.
  @Suite struct VaporAppWaitTests {
    @Test func aTestThatWaitsForTheConfigureLockTracesTheWait() async throws {
      // Given an app whose configure takes 100 ms, and a trace.
      let fixture = Fixture.vaporApp("slowConfigure", database: .none) { app in
        try await Task.sleep(for: .milliseconds(100))
        app.get("hello") { _ in "hello" }
      }
      let recorder = EventRecorder()
      let scopes = Scopes(observer: recorder)
      // When two tests set it up at once.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<2 {
          group.addTask {
            let test = scopes.test("Vapor/waits\(index)()")
            try await test.withCurrent { _ = try await use(fixture) }
            await test.finishBody()
            await test.end()
          }
        }
        try await group.waitForAll()
      }
      await scopes.suite.end()
      await scopes.root.end()
      // Then the one that went second waited for the other's configure (and maybe, before it,
      // for those of other tests of this process), and its trace says so, inside its app's
      // setup.
      let waits = recorder.all.filter { $0.phase == .waitEnd }
      #expect(!waits.isEmpty)
      #expect(waits.allSatisfy { $0.fixture == "slowConfigure" })
      #expect(waits.allSatisfy { $0.message == "the configure lock" })
      #expect(waits.contains { ($0.duration ?? .zero) > .milliseconds(50) })
      for test in Set(waits.compactMap(\.testName)) {
        let steps = recorder.all.filter { $0.testName == test || $0.scopeName == test }
          .map(\.phase).filter { [.setupBegin, .waitBegin, .waitEnd, .setupEnd].contains($0) }
        #expect(steps == [.setupBegin, .waitBegin, .waitEnd, .setupEnd])
      }
    }
  }
#endif
