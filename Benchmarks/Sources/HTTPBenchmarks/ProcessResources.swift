import Foundation

/// The process's open file descriptors and threads, from `/proc` (Linux only; `nil` elsewhere).
struct ProcessResources: Equatable {
  let fileDescriptors: Int?
  let threads: Int?

  static var current: ProcessResources {
    func count(_ directory: String) -> Int? {
      (try? FileManager.default.contentsOfDirectory(atPath: directory)).map(\.count)
    }
    return ProcessResources(
      fileDescriptors: count("/proc/self/fd"), threads: count("/proc/self/task"))
  }

  var description: String {
    "\(fileDescriptors.map(String.init) ?? "n/a") fds, \(threads.map(String.init) ?? "n/a") threads"
  }
}
