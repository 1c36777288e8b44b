import Dispatch
package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HelperExecutable {
  /// A helper started in the background, that the test talks to: it reads the first line the
  /// helper prints, and its standard input stays open until ``finish()``.
  package final class Running: @unchecked Sendable {
    package let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    fileprivate init(
      command: [String], environment: [String: String]?, directory: URL?
    ) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: command[0])
      process.arguments = Array(command.dropFirst())
      if let environment { process.environment = environment }
      // `/` unless told: a parallel test's sandbox, the current directory now, may be gone soon.
      process.currentDirectoryURL = directory ?? URL(fileURLWithPath: "/", isDirectory: true)
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      try process.run()
    }

    /// The first line it prints on standard output (without the newline), or what it printed
    /// before it closed standard output.
    package func firstLine() async -> String {
      await offThread {
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
          let chunk = self.output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          data += chunk
        }
        return String(decoding: data, as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }

    /// The lines it prints on standard output, up to and including `last` (or all it printed
    /// before it closed standard output).
    package func linesUntil(_ last: String) async -> [String] {
      await offThread {
        var data = Data()
        var lines: [String] = []
        while !lines.contains(last) {
          let chunk = self.output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          data += chunk
          lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        return lines
      }
    }

    /// Waits until it has exited.
    package func waitUntilExit() async {
      await offThread { self.process.waitUntilExit() }
    }

    /// Closes its standard input (a helper that waits for that then exits), and waits for it.
    package func finish() async {
      try? input.fileHandleForWriting.close()
      await waitUntilExit()
    }

    /// What it printed on standard error; call it once it has exited (or closed it).
    package func errorOutput() async -> String {
      await offThread {
        String(decoding: self.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      }
    }

    /// Whether it was killed with SIGKILL.
    package var killedBySIGKILL: Bool {
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }
  }

  /// Starts the executable with `arguments` in the background, in `environment` and
  /// `directory` (by default this process's), through `prefix` if given (`setpriv` and its
  /// options, say: then give a directory that user can enter, as this process's current one may
  /// be a test's private sandbox).
  package func start(
    _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil,
    through prefix: [String] = []
  ) throws -> Running {
    try Running(
      command: prefix + [url.path] + arguments, environment: environment, directory: directory)
  }
}
