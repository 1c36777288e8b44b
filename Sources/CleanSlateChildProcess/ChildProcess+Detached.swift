import Subprocess

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension ChildProcess {
  /// Starts the program as a daemon that may outlive this process (a database server, its
  /// supervisor), and returns its process identifier at once.
  ///
  /// A shell of its own session starts the program in the background and exits: the program is
  /// no child of this process (nothing here waits for it or reaps it), holds no descriptor of it,
  /// and no signal sent to the terminal's foreground group reaches it. Its standard input is the
  /// null device; its standard output and error are appended to `log`.
  ///
  /// - Throws: ``ChildProcessError`` when the shell cannot start it.
  package func startDetached(appendingOutputTo log: String = "/dev/null") async throws -> Int32 {
    guard !executable.isEmpty else { throw ChildProcessError(emptyCommandFor: self) }
    var options = PlatformOptions()
    options.createSession = true
    let script = #"log=$1; shift; "$@" </dev/null >>"$log" 2>&1 & echo $!"#
    let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
    do {
      result = try await Subprocess.run(
        .path("/bin/sh"), arguments: Arguments(["-c", script, "sh", log, executable] + arguments),
        environment: subprocessEnvironment, workingDirectory: FilePath(directory),
        platformOptions: options, output: .string(limit: 4096), error: .string(limit: 64 * 1024))
    } catch {
      throw ChildProcessError(starting: self, error)
    }
    let printed =
      result.standardOutput.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
    guard result.terminationStatus.isSuccess, let pid = Int32(printed), pid > 0 else {
      throw ChildProcessError(
        "Could not start \(commandLine) in the background: the shell ended with \(Termination(result.terminationStatus)), printing \(printed.isEmpty ? "nothing" : "'\(printed)'")\(result.standardError.isEmpty ? "" : " and '\(result.standardError)'")."
      )
    }
    return pid
  }
}

extension ChildProcess {
  /// Whether the process `pid` runs: it exists and, where the system says so, has not ended as a
  /// zombie that no one reaped yet (a daemon's parent may be slow to reap it, or never do).
  package static func isRunning(_ pid: Int32) -> Bool {
    guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
    #if os(Linux) || os(Android)
      // The state is the field after the command name, which may hold spaces and parentheses.
      guard let stat = try? readProcFile("/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")")
      else { return true }
      let state = stat[stat.index(after: end)...].drop(while: { $0 == " " }).first
      return state != "Z" && state != "X"
    #else
      return true
    #endif
  }
}

#if os(Linux) || os(Android)
  /// The text of a small file of `/proc` (read in one go: its size there is always 0).
  private func readProcFile(_ path: String) throws -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
#endif
