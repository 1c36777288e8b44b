import CleanSlateChildProcess
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The stack of every thread of a running process, with Swift names and file:line: what a hung
/// test was doing when it was ended.
///
/// gdb walks the stacks (it attaches to the process, which stops meanwhile). gdb does not read the
/// debug information of Swift code: the toolchain's `llvm-symbolizer` (next to `swift`) gives the
/// file and line of those frames, and `swift-demangle` their names in Swift. Without gdb, the
/// stacks say which debugger to install.
package enum ThreadStacks {
  /// How long gdb may take before it is stopped.
  static let debuggerLimit: Duration = .seconds(90)

  /// The stacks of `pid`'s threads, one line a thread and one a frame, indented by `indent`.
  package static func of(_ pid: Int32, indent: String = "  ") async -> [String] {
    guard let gdb = executable(named: "gdb") else {
      return [
        "\(indent)No debugger to show where each thread was: install gdb (apt-get install gdb on Debian and Ubuntu), and run again."
      ]
    }
    let maps = Mappings(pid: pid)
    let printed = await run(
      ChildProcess(
        gdb,
        [
          "-p", "\(pid)", "-batch", "-nx", "-ex", "set pagination off", "-ex",
          "thread apply all bt",
        ]),
      within: debuggerLimit)
    var frames: [Frame] = []
    var lines: [Line] = []
    for text in printed {
      if text.hasPrefix("Thread ") {
        lines.append(.thread(threadTitle(text)))
      } else if text.hasPrefix("#"), let frame = Frame(gdbLine: text) {
        lines.append(.frame(frames.count))
        frames.append(frame)
      }
    }
    guard !lines.isEmpty else {
      return ["\(indent)gdb could not read the process's threads (is ptrace allowed here?)."]
    }
    await symbolize(&frames, maps: maps)
    let text = lines.map { line -> String in
      switch line {
      case .thread(let title): "\(indent)\(title)"
      case .frame(let index): "\(indent)  \(frames[index].description)"
      }
    }
    return await DebugSymbols.demangled(text)
  }

  // MARK: - Frames

  private enum Line {
    case thread(String)
    case frame(Int)
  }

  /// One frame as gdb printed it: `#7  0x000055fea1f46aab in $s1a12blockForeveryyF () from …`.
  struct Frame {
    var index: String
    var address: UInt64?
    var function: String
    /// `at File.swift:12`, or `in libdispatch.so`, or nothing.
    var place: String

    init?(gdbLine line: String) {
      let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard parts.count == 2 else { return nil }
      index = String(parts[0])
      var rest = parts[1].drop { $0 == " " }
      if rest.hasPrefix("0x"), let space = rest.firstIndex(of: " ") {
        address = UInt64(rest[rest.index(rest.startIndex, offsetBy: 2)..<space], radix: 16)
        rest = rest[space...].drop { $0 == " " }
        if rest.hasPrefix("in ") { rest = rest.dropFirst(3) }
      }
      let nameEnd = rest.range(of: " (")?.lowerBound ?? rest.endIndex
      function = String(rest[..<nameEnd])
      if let at = rest.range(of: " at ", options: .backwards) {
        place = "at " + rest[at.upperBound...]
      } else if let from = rest.range(of: " from ", options: .backwards) {
        place = "in " + (rest[from.upperBound...].split(separator: "/").last ?? "")
      } else {
        place = ""
      }
    }

    var description: String {
      "\(index)  \(function)\(place.isEmpty ? "" : " \(place)")"
    }
  }

  /// `Thread 2 (Thread 0x7f… (LWP 6206) "name"):` as `Thread 2 (LWP 6206) "name":`.
  private static func threadTitle(_ line: String) -> String {
    guard let lwp = line.range(of: "(LWP ") else { return line }
    let number = line[..<line.index(line.startIndex, offsetBy: min(line.count, 12))]
      .prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
    let rest = line[lwp.lowerBound...]
    let lwpEnd = rest.firstIndex(of: ")").map { rest.index(after: $0) } ?? rest.endIndex
    var name = rest[lwpEnd...].trimmingCharacters(in: .whitespaces)
    if name.hasSuffix("):") { name = String(name.dropLast(2)) }
    return "\(number) \(rest[..<lwpEnd])\(name.isEmpty ? "" : " \(name)"):"
  }

  /// Gives the frames gdb left without a file and line the function and line that
  /// `llvm-symbolizer` finds in their module's debug information (``DebugSymbols``).
  private static func symbolize(_ frames: inout [Frame], maps: Mappings) async {
    var requests: [(frame: Int, address: DebugSymbols.Address)] = []
    for (index, frame) in frames.enumerated() where !frame.place.hasPrefix("at ") {
      guard let address = frame.address, let (module, offset) = maps.locate(address),
        !module.hasPrefix("/lib/"), !module.hasPrefix("/usr/lib/")
      else { continue }
      // A return address: the call is the instruction before it.
      let call = frame.index == "#0" ? offset : offset - 1
      requests.append((index, DebugSymbols.Address(module: module, offset: call)))
    }
    let places = await DebugSymbols.lookUp(requests.map(\.address), demangling: false)
    for (request, place) in zip(requests, places) {
      guard let place else { continue }
      frames[request.frame].function = place.function
      if let file = place.file { frames[request.frame].place = "at \(file):\(place.line)" }
    }
  }

  // MARK: - Tools

  /// Runs `process` to its end, or until `limit` passes (then it is killed), and returns the
  /// lines it printed.
  static func run(_ process: ChildProcess, within limit: Duration) async -> [String] {
    guard let running = try? await process.start() else { return [] }
    let stopper = Task {
      try await Task.sleep(for: limit)
      await running.send(signal: SIGKILL)
    }
    let lines = await running.allLines()
    _ = try? await running.wait()
    stopper.cancel()
    return lines
  }

  /// The executable `name` on `PATH`, if there is one.
  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The executable `name` of the toolchain whose `swift` is on `PATH` (next to it), if any.
  static func toolchainExecutable(named name: String) -> String? {
    guard let swift = executable(named: "swift") else { return nil }
    let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
    let candidate = real.deletingLastPathComponent().appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }
}

/// Where the files of a process are mapped in its memory (`/proc/<pid>/maps`): each address of
/// its code as a module and an address inside that module's file.
struct Mappings {
  private var regions: [(start: UInt64, end: UInt64, path: String)] = []
  /// Where each file's first byte is mapped: its load address.
  private var bases: [String: UInt64] = [:]

  init(pid: Int32) {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/maps") else { return }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, fields[5].hasPrefix("/") else { continue }
      let range = fields[0].split(separator: "-")
      guard range.count == 2, let start = UInt64(range[0], radix: 16),
        let end = UInt64(range[1], radix: 16), let offset = UInt64(fields[2], radix: 16)
      else { continue }
      let path = fields[5...].joined(separator: " ")
      regions.append((start, end, path))
      if offset == 0, bases[path] == nil { bases[path] = start }
    }
  }

  /// The module that holds `address`, and the address in that module's file.
  func locate(_ address: UInt64) -> (module: String, offset: UInt64)? {
    guard let region = regions.first(where: { $0.start <= address && address < $0.end }),
      let base = bases[region.path]
    else { return nil }
    return (region.path, address - base)
  }
}
