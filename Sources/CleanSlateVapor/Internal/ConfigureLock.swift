#if Vapor
  /// The process-wide lock that runs app construction and `configure` one at a time, for the
  /// fixtures that ask for it (``CleanSlate/Fixture/vaporApp(_:database:configuringSerially:fileID:filePath:line:column:_:)-(_,_,_,_,_,_,_,(Application)->Void)``).
  actor ConfigureLock {
    static let shared = ConfigureLock()

    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once no other holder of the lock is running.
    func withLock<T: Sendable>(
      _ body: @Sendable () async throws -> T
    ) async throws -> T {
      if held {
        await withCheckedContinuation { waiting.append($0) }
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
