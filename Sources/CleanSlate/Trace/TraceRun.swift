import Foundation

/// What tells the test processes of one run apart from those of another in a trace: the run's
/// identifier, the host, and this process.
enum TraceRun {
  /// `CLEANSLATE_RUN_ID` when set (set it to one value for the shards of a CI run); otherwise
  /// the host, the parent process and, on Linux, the parent's start time: the processes one
  /// `swift test` starts (XCTest's, Swift Testing's, each of `--parallel`'s) share it.
  static let id: String = {
    if let id = ProcessEnvironment.value(of: "CLEANSLATE_RUN_ID"), !id.isEmpty { return id }
    let parent = getppid()
    var id = "\(hostName)-\(parent)"
    if let start = startTime(of: parent) { id += "-\(start)" }
    return id
  }()

  /// The machine's name.
  static let hostName: String = ProcessInfo.processInfo.hostName

  /// The command line that started this process, cut to 300 characters.
  static var command: String {
    String(CommandLine.arguments.joined(separator: " ").prefix(300))
  }

  /// A process's start time in clock ticks since boot, from `/proc` (Linux only): with its id,
  /// it names the process uniquely.
  private static func startTime(of pid: pid_t) -> String? {
    #if os(Linux)
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      // After the command's closing parenthesis: state is field 3, start time field 22.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 19 ? String(fields[19]) : nil
    #else
      return nil
    #endif
  }
}
