#if LaunchedApp
  import CleanSlate
  import CleanSlateChildProcess
  import Foundation
  import Subprocess

  #if canImport(System)
    import System
  #else
    import SystemPackage
  #endif

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// One launched process: started in a session (and process group) of its own, its output read
  /// line by line into an ``OutputLog``, its standard input fed on request, and stopped on request:
  /// `SIGTERM` to the group, then `SIGKILL` after the grace period.
  ///
  /// Subprocess's `Execution` is only valid inside the closure given to `run`, so the run lives in
  /// a task of its own that holds the process until ``stop()`` is called.
  final class AppProcess: Sendable {
    /// How the process ended, or why it could not be run.
    typealias Outcome = Result<TerminationStatus, any Error>

    let log: OutputLog
    let processIdentifier: pid_t
    private let stopGate: Gate<Void>
    private let finished: Gate<Outcome>
    private let input: AsyncStream<InputLine>.Continuation

    private struct InputLine: Sendable {
      let text: String
      let written: CheckedContinuation<Void, any Error>
    }

    private init(
      log: OutputLog, processIdentifier: pid_t, stopGate: Gate<Void>, finished: Gate<Outcome>,
      input: AsyncStream<InputLine>.Continuation
    ) {
      self.log = log
      self.processIdentifier = processIdentifier
      self.stopGate = stopGate
      self.finished = finished
      self.input = input
    }

    /// Starts the process and returns once it runs.
    ///
    /// - Throws: What Subprocess throws when the executable cannot be started.
    static func start(
      executable: String,
      arguments: [String],
      environment: [String: String?],
      workingDirectory: String?,
      gracePeriod: Duration,
      keptLines: Int
    ) async throws -> AppProcess {
      ignoreBrokenPipes()
      let log = OutputLog(keptLines: keptLines)
      let stopGate = Gate<Void>()
      let finished = Gate<Outcome>()
      let started = Gate<Result<pid_t, any Error>>()
      let (inputLines, input) = AsyncStream<InputLine>.makeStream()

      var options = PlatformOptions()
      // Its own session and process group, so that the group can be stopped.
      options.createSession = true
      options.teardownSequence = [
        .gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: gracePeriod)
      ]
      var variables: [Environment.Key: String?] = [:]
      for (name, value) in environment {
        if let key = Environment.Key(rawValue: name) { variables[key] = value }
      }

      Task.detached {
        let outcome: Outcome
        do {
          let result = try await run(
            .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: .inherit.updating(variables),
            workingDirectory: workingDirectory.map { FilePath($0) },
            platformOptions: options,
            input: .inputWriter,
            output: .sequence,
            error: .combinedWithOutput
          ) { execution in
            let pid = execution.processIdentifier.value
            started.open(with: .success(pid))
            await withTaskGroup(of: Void.self) { group in
              group.addTask {
                do {
                  for try await line in execution.standardOutput.strings() { log.append(line) }
                } catch {
                  // Reading stops when the process is gone; what was read is kept.
                }
                log.end()
              }
              group.addTask {
                for await line in inputLines {
                  do {
                    _ = try await execution.standardInputWriter.write(line.text + "\n")
                    line.written.resume()
                  } catch {
                    line.written.resume(throwing: error)
                  }
                }
                try? await execution.standardInputWriter.finish()
              }
              await stopGate.wait()
              input.finish()
              await execution.teardown(using: options.teardownSequence)
              // The leader has exited but is not reaped until this closure returns, so its process
              // group id cannot have been reused: kill whatever is left in the group.
              // Never with a pid of 0 or less: kill(0, …) would hit the test process's own group.
              if pid > 0 { kill(-pid, SIGKILL) }
              await group.waitForAll()
            }
          }
          outcome = .success(result.terminationStatus)
        } catch {
          outcome = .failure(error)
        }
        started.open(with: .failure(startFailure(outcome)))
        input.finish()
        finished.open(with: outcome)
      }

      switch await started.wait() {
      case .success(let pid):
        return AppProcess(
          log: log, processIdentifier: pid, stopGate: stopGate, finished: finished, input: input)
      case .failure(let error):
        throw error
      }
    }

    /// Writes a line to the process's standard input.
    func send(_ text: String) async throws {
      try await withCheckedThrowingContinuation { continuation in
        if case .terminated = input.yield(InputLine(text: text, written: continuation)) {
          continuation.resume(throwing: AppProcessError.inputClosed)
        }
      }
    }

    /// Stops the process (if it still runs) and returns how it ended; once it returns, the
    /// process has been reaped and its id may belong to another process.
    func stop() async -> Outcome {
      stopGate.open(with: ())
      return await finished.wait()
    }

    /// How the process ended, once it has been stopped; `nil` before.
    var outcome: Outcome? { finished.value }

    private static func startFailure(_ outcome: Outcome) -> any Error {
      switch outcome {
      case .failure(let error): error
      case .success: AppProcessError.exitedBeforeStarting
      }
    }
  }

  enum AppProcessError: Error, CustomStringConvertible {
    case inputClosed
    case exitedBeforeStarting

    var description: String {
      switch self {
      case .inputClosed: "its standard input is closed: it has been stopped"
      case .exitedBeforeStarting: "it ended before it started"
      }
    }
  }
#endif
