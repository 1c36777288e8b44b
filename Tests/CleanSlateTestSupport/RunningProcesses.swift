import Foundation

/// The processes running on this machine, read from `/proc`: for a test that checks a process it
/// marked (a word in its command line) is gone.
package enum RunningProcesses {
  /// The processes whose command line holds `marker`.
  package static func naming(_ marker: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      return String(decoding: data, as: UTF8.self).contains(marker)
    }
  }
}
