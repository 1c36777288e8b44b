package import CleanSlate
import Foundation

/// Runs `body` while no other sentinel test runs, in any test target of the process: two
/// watched scopes running at once overlap, and their reports go to their suite instead (the
/// subject of the overlap tests, not of the others). Called again inside `body`, it just runs.
package func oneSentinelTestAtATime<R>(_ body: () async throws -> R) async throws -> R {
  if SentinelTestsLock.isHeld { return try await body() }
  try await SentinelTestsLock.lock.acquire()
  defer { SentinelTestsLock.lock.release() }
  return try await SentinelTestsLock.$isHeld.withValue(true) { try await body() }
}

private enum SentinelTestsLock {
  static let lock = ProcessStateLock()
  @TaskLocal static var isHeld = false
}

/// A name no other test uses: `PREFIX_1A2B3C4D`.
package func uniqueMarker(_ prefix: String) -> String {
  "\(prefix)_\(UUID().uuidString.prefix(8))"
}

extension Array where Element == CleanSlateError {
  /// The failures whose message mentions `marker`.
  package func mentioning(_ marker: String) -> [CleanSlateError] {
    filter { $0.summary.contains(marker) }
  }
}
