#if Postgres
  internal import Dispatch

  /// Runs blocking work (a file lock, a wait on the file system) on a dispatch thread, not on one
  /// of Swift concurrency's few threads.
  func offThread<R: Sendable>(_ work: @escaping @Sendable () throws -> R) async throws -> R {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }
#endif
