#if Postgres
  internal import Foundation

  /// A program CleanSlate runs to its end (`initdb`, `cp`), with what it printed.
  struct ChildProcess {
    /// What a finished program printed, and how it ended.
    struct Outcome: Sendable {
      var status: Int32
      var output: String

      /// Whether it exited with status 0.
      var succeeded: Bool { status == 0 }
    }

    /// Runs `command` (its first element the program's path) to its end, off Swift concurrency's
    /// threads; standard output and error are read together.
    static func run(
      _ command: [String], environment: [String: String]? = nil
    ) async throws -> Outcome {
      // In `/`: the current directory a parallel test gave the process (its sandbox) may be
      // gone by the time the program starts, which Foundation reports as the program missing.
      let process = Process.inRootDirectory()
      process.executableURL = URL(fileURLWithPath: command[0])
      process.arguments = Array(command.dropFirst())
      if let environment { process.environment = environment }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      process.standardInput = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        throw PostgresFixtureError("Could not run \(command[0]): \(error)")
      }
      return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          let data = output.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          continuation.resume(
            returning: Outcome(
              status: process.terminationStatus, output: String(decoding: data, as: UTF8.self)))
        }
      }
    }
  }

  extension Process {
    /// A process that starts in `/`, as a daemon does: a server and its supervisor outlive the
    /// test process that starts them, and hold none of its directories (a test's sandbox about
    /// to be removed, a mount).
    static func inRootDirectory() -> Process {
      let process = Process()
      process.currentDirectoryURL = URL(fileURLWithPath: "/", isDirectory: true)
      return process
    }
  }

  /// Runs blocking work (a file lock, a wait on the file system) on a dispatch thread, not on one
  /// of Swift concurrency's few threads.
  func offThread<R: Sendable>(_ work: @escaping @Sendable () throws -> R) async throws -> R {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }
#endif
