#if Vapor
  internal import CleanSlate

  /// The process-wide lock that makes and configures Vapor apps one at a time, for every app
  /// fixture that does not let its apps be configured concurrently.
  actor ConfigureLock {
    static let shared = ConfigureLock()

    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once no other holder of the lock is running. A wait for the lock is traced as
    /// a wait of the setup `context` belongs to.
    func withLock<T: Sendable>(
      tracingWaitIn context: FixtureContext, _ body: @Sendable () async throws -> T
    ) async throws -> T {
      if held {
        await context.waiting(for: "the configure lock") {
          await withCheckedContinuation { waiting.append($0) }
        }
      } else {
        held = true
      }
      defer { handOver() }
      return try await body()
    }

    private func handOver() {
      if waiting.isEmpty {
        held = false
      } else {
        waiting.removeFirst().resume()
      }
    }
  }
#endif
