internal import CleanSlate
internal import Dispatch
import Foundation

/// Holds every core of the machine busy with threads of this process while some work runs: the
/// busy machine of `--explain`'s load experiment.
///
/// The threads are plain threads (never Swift concurrency's), spinning until the work ends; they
/// are gone when ``holding(cores:_:)`` returns.
enum CPUHog {
  /// Runs `body` while `cores` threads spin.
  static func holding<R: Sendable>(
    cores: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ body: () async throws -> R
  ) async throws -> R {
    let stop = Locked(false)
    let group = DispatchGroup()
    for _ in 0..<max(1, cores) {
      group.enter()
      let thread = Thread {
        var value: UInt64 = 1
        while !stop.value {
          for step in 0..<20_000 as Range<UInt64> { value = value &* 6_364_136_223 &+ step }
        }
        if value == 0 { print("", terminator: "") }  // keeps the loop from being optimized out
        group.leave()
      }
      thread.name = "cleanslate-load"
      thread.start()
    }
    let result: Result<R, any Error>
    do { result = .success(try await body()) } catch { result = .failure(error) }
    stop.withLock { $0 = true }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    return try result.get()
  }
}
