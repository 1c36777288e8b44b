import Foundation

/// What the run asks the tests to do, from `HANG_FIXTURE`.
enum Behaviour {
  /// Whether `HANG_FIXTURE` lists `word`.
  static func asks(_ word: String) -> Bool {
    let value = ProcessInfo.processInfo.environment["HANG_FIXTURE"] ?? ""
    return value.split(separator: ",").contains { $0 == word }
  }
}
