import Foundation

/// What the run asks the tests to do, from `RUNNER_FIXTURE` and `RUNNER_FIXTURE_STATE`.
enum Behaviour {
  /// Whether `RUNNER_FIXTURE` lists `word`.
  static func asks(_ word: String) -> Bool {
    let value = ProcessInfo.processInfo.environment["RUNNER_FIXTURE"] ?? ""
    return value.split(separator: ",").contains { $0 == word }
  }

  /// Whether this is the first attempt of the test `name` in the run's state directory
  /// (`RUNNER_FIXTURE_STATE`): the first call for a name says yes, every later one no.
  static func firstAttempt(_ name: String) -> Bool {
    guard let state = ProcessInfo.processInfo.environment["RUNNER_FIXTURE_STATE"] else {
      return false
    }
    let marker = URL(fileURLWithPath: state).appendingPathComponent(name).path
    guard !FileManager.default.fileExists(atPath: marker) else { return false }
    return FileManager.default.createFile(atPath: marker, contents: nil)
  }

  /// Ends the process from a thread of its own, started here: no frame of the crashed thread
  /// names the test that called this.
  static func crashOnAThread() {
    Thread.detachNewThread { fatalError("crashes on a thread of its own") }
  }

  /// Whether `CrashSuite.partner()` is running, set while it does.
  static var partnerIsRunning: Bool {
    get { partnerLock.withLock { partnerRunning } }
    set { partnerLock.withLock { partnerRunning = newValue } }
  }

  private static let partnerLock = NSLock()
  nonisolated(unsafe) private static var partnerRunning = false

  /// Whether the attempt of the test `name` that calls this fails: the first one when the run
  /// asks for `flaky`, the second one when it asks for `flaky-later`, every fifth one when it asks
  /// for `every-fifth` (``failsEveryFifth(_:)``). (Added below the rest, so
  /// that the lines the runner's tests quote keep their numbers.)
  static func failsThisAttempt(_ name: String) -> Bool {
    if asks("flaky") { return firstAttempt(name) }
    if asks("every-fifth") { return failsEveryFifth(name) }
    return asks("flaky-later") && attempt(name) == 2
  }

  /// How many times the test `name` has asked, this one included, in the run's state directory
  /// (`RUNNER_FIXTURE_STATE`): 1 on its first attempt, 2 on its second; 0 without a directory.
  static func attempt(_ name: String) -> Int {
    guard let state = ProcessInfo.processInfo.environment["RUNNER_FIXTURE_STATE"] else {
      return 0
    }
    let directory = URL(fileURLWithPath: state)
    var number = 1
    while FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("\(name)-\(number)").path)
    {
      number += 1
    }
    FileManager.default.createFile(
      atPath: directory.appendingPathComponent("\(name)-\(number)").path, contents: nil)
    return number
  }

  /// Whether the run asks for `every-fifth` and this is the fifth, tenth, … attempt of the test
  /// `name` in the run's state directory: a test that fails one run in five.
  static func failsEveryFifth(_ name: String) -> Bool {
    asks("every-fifth") && attempt(name) % 5 == 0
  }
}
