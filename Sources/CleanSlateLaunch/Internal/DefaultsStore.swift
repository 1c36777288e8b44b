import Foundation

/// Resets a declared `UserDefaults` suite by removing its persistent domain.
struct DefaultsStore {
  let suite: String

  func plan() -> StoreResult {
    StoreResult(items: keys())
  }

  func reset() -> StoreResult {
    let before = keys()
    guard !before.isEmpty else { return StoreResult() }
    guard let defaults = UserDefaults(suiteName: suite) else {
      return StoreResult(failures: ["UserDefaults refused the suite name"])
    }
    defaults.removePersistentDomain(forName: suite)
    defaults.synchronize()
    let remaining = Set(keys())
    let failures =
      remaining.isEmpty ? [] : ["keys still present after removal: \(remaining.sorted())"]
    return StoreResult(items: before.filter { !remaining.contains($0) }, failures: failures)
  }

  private func keys() -> [String] {
    guard let defaults = UserDefaults(suiteName: suite) else { return [] }
    return (defaults.persistentDomain(forName: suite) ?? [:]).keys.sorted()
  }
}
