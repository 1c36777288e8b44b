import Dispatch
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A plain XCTestCase whose middle test waits, when asked, for a signal nobody sends; asked for
/// `child` too, it first starts a shell that sleeps, named by `HANG_FIXTURE_MARKER`, as a test
/// whose subprocess is stuck leaves one behind.
final class BlockedTests: XCTestCase {
  func testA_PassesBefore() {}

  func testB_WaitsForASignalNobodySends() {
    if Behaviour.asks("child") { startASleepingChild() }
    if Behaviour.asks("hang") { waitForTheSignal() }
  }

  func testC_PassesAfter() {}

  private func waitForTheSignal() {
    let signal = Behaviour.semaphoreNobodySignals()
    signal.wait()
  }

  private func startASleepingChild() {
    #if canImport(Glibc)
      let marker = ProcessInfo.processInfo.environment["HANG_FIXTURE_MARKER"] ?? "hang-fixture"
      let words: [String] = ["/bin/sh", "-c", "sleep 600; : \(marker)"]
      var arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) }
      defer { arguments.forEach { free($0) } }
      arguments.append(nil)
      var pid: pid_t = 0
      _ = posix_spawn(&pid, "/bin/sh", nil, nil, arguments, environ)
    #endif
  }
}
