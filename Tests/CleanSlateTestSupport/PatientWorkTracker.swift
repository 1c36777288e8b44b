package import CleanSlate

/// The current test's work tracker with 30 s to wait instead of the default second, for tests
/// that check the order in which a test's end waits for its work, not the limit: on a busy
/// machine, 20 ms of work can finish more than a second after it started.
package func usePatientWorkTracker() async throws -> WorkTracker {
  let tracker = try await use(.workTracker)
  tracker.timeout = .seconds(30)
  return tracker
}
