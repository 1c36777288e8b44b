import Testing

/// Swift Testing tests that crash their process when asked (Swift Testing runs them in parallel,
/// in one process): one only while `partner()` runs beside it (`crash-beside`), one on a thread a
/// helper starts, in its first run only, while `partner()` runs (`crash-thread`).
@Suite struct CrashSuite {
  @Test func crashesBeside() async throws {
    guard Behaviour.asks("crash-beside") else { return }
    for _ in 0..<50 where !Behaviour.partnerIsRunning {
      try await Task.sleep(for: .milliseconds(10))
    }
    if Behaviour.partnerIsRunning { fatalError("crashes while partner() runs beside it") }
  }

  @Test func partner() async throws {
    guard Behaviour.asks("crash-beside") || Behaviour.asks("crash-thread") else { return }
    Behaviour.partnerIsRunning = true
    defer { Behaviour.partnerIsRunning = false }
    try await Task.sleep(for: .seconds(1))
  }

  @Test func crashesOnAThread() async throws {
    guard Behaviour.asks("crash-thread"), Behaviour.firstAttempt("CrashSuite.crashesOnAThread")
    else { return }
    try await Task.sleep(for: .milliseconds(100))
    Behaviour.crashOnAThread()
    try await Task.sleep(for: .seconds(2))
  }
}
