import Foundation

/// What the run asks the tests to do, from `HANG_FIXTURE`.
enum Behaviour {
  /// Whether `HANG_FIXTURE` lists `word`.
  static func asks(_ word: String) -> Bool {
    let value = ProcessInfo.processInfo.environment["HANG_FIXTURE"] ?? ""
    return value.split(separator: ",").contains { $0 == word }
  }
}

extension Behaviour {
  /// A semaphore nobody signals, for a test that blocks on it; asked for `ignoreTerm`, the test
  /// process ignores `SIGTERM` from here on, as one with a handler of its own might, so that
  /// only `SIGKILL` ends it.
  static func semaphoreNobodySignals() -> DispatchSemaphore {
    if asks("ignoreTerm") { _ = signal(SIGTERM, SIG_IGN) }
    return DispatchSemaphore(value: 0)
  }
}
