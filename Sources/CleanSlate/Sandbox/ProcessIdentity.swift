import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A process told apart from any later one that reuses its id: its pid and its start time.
///
/// It names a process's sandbox directory (`<pid>-<start time>`), so that the sweep of stale
/// sandboxes can tell a dead owner from a live one, and a live one from a newer process that
/// happens to have the same pid.
package struct ProcessIdentity: Hashable, Sendable, CustomStringConvertible {
  package var pid: Int32
  /// When the process started, in a unit of the platform's choosing (clock ticks since boot on
  /// Linux, microseconds since 1970 on Apple platforms); only compared, never interpreted.
  package var startTime: UInt64

  package init(pid: Int32, startTime: UInt64) {
    self.pid = pid
    self.startTime = startTime
  }

  /// The running process.
  package static let current = ProcessIdentity(
    pid: getpid(), startTime: startTime(of: getpid()) ?? 0)

  /// Reads a directory name made by ``description``; `nil` for any other name.
  package init?(directoryName: String) {
    let parts = directoryName.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let pid = Int32(parts[0]), pid > 0,
      let startTime = UInt64(parts[1])
    else { return nil }
    self.init(pid: pid, startTime: startTime)
  }

  /// The directory name, as `4242-1234567`.
  package var description: String { "\(pid)-\(startTime)" }

  /// Whether this very process is still running: a process has its pid and started at the same
  /// time. When the start time cannot be read, a live pid counts as alive (never sweep a
  /// sandbox that might be in use).
  package var isAlive: Bool {
    if kill(pid, 0) != 0 && errno == ESRCH { return false }
    guard let actual = Self.startTime(of: pid) else { return true }
    return actual == startTime
  }

  /// The start time of process `pid`, or `nil` if it cannot be read.
  package static func startTime(of pid: Int32) -> UInt64? {
    #if os(Linux) || os(Android)
      // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses,
      // so count from the last ')'.
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 19 ? UInt64(fields[19]) : nil
    #elseif canImport(Darwin)
      var info = kinfo_proc()
      var size = MemoryLayout<kinfo_proc>.stride
      var query: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
      guard sysctl(&query, 4, &info, &size, nil, 0) == 0, size > 0 else { return nil }
      let started = info.kp_proc.p_un.__p_starttime
      return UInt64(started.tv_sec) * 1_000_000 + UInt64(started.tv_usec)
    #else
      return nil
    #endif
  }
}
