import CleanSlate
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
  /// Starts the program in the background and returns once it runs: the caller reads its
  /// standard output line by line, writes to its standard input, signals it and awaits its end.
  ///
  /// - Throws: ``ChildProcessError`` when the program cannot be started.
  package func start() async throws -> Running {
    ignoreBrokenPipes()
    let started = Gate<Result<Int32, any Error>>()
    let running = Running()
    let executable = try subprocessExecutable
    Task.detached { [self] in
      let ended: Result<Termination, any Error>
      do {
        let result = try await Subprocess.run(
          executable, arguments: Arguments(arguments), environment: subprocessEnvironment,
          workingDirectory: FilePath(directory), input: .inputWriter, output: .sequence,
          error: .sequence
        ) { execution in
          started.open(with: .success(execution.processIdentifier.value))
          await running.serve(execution)
        }
        ended = .success(Termination(result.terminationStatus))
      } catch {
        ended = .failure(ChildProcessError(starting: self, error))
      }
      if case .failure(let error) = ended { started.open(with: .failure(error)) }
      running.end(ended)
    }
    switch await started.wait() {
    case .success(let pid):
      running.processIdentifier = pid
      return running
    case .failure(let error):
      throw error
    }
  }

  /// A child process started with ``start()``.
  package final class Running: Sendable {
    private enum Request: Sendable {
      case write(String, CheckedContinuation<Bool, Never>)
      case closeInput
      case signal(Int32, CheckedContinuation<Bool, Never>)
    }

    private let pid = Locked<Int32>(0)
    private let output = LineLog()
    private let errors = Locked<[UInt8]>([])
    private let requests: AsyncStream<Request>.Continuation
    private let requestStream: AsyncStream<Request>
    private let termination = Gate<Result<Termination, any Error>>()

    fileprivate init() {
      (requestStream, requests) = AsyncStream<Request>.makeStream()
    }

    /// Its process identifier.
    package fileprivate(set) var processIdentifier: Int32 {
      get { pid.value }
      set { pid.withLock { $0 = newValue } }
    }

    // MARK: - Output

    /// The first line it prints on standard output (without the newline), or `""` if it closes
    /// standard output first.
    package func firstLine() async -> String {
      await output.lines(until: { !$0.isEmpty }).first ?? ""
    }

    /// The lines it prints on standard output, up to and including `last` (or all it printed
    /// before it closed standard output).
    package func lines(until last: String) async -> [String] {
      let lines = await output.lines(until: { $0.contains(last) })
      guard let end = lines.firstIndex(of: last) else { return lines }
      return Array(lines[...end])
    }

    /// The lines it prints on standard output, up to the first that satisfies `isWanted` (or all
    /// it printed before it closed standard output).
    package func lines(
      untilOne isWanted: @escaping @Sendable (String) -> Bool
    ) async -> [String] {
      let lines = await output.lines(until: { $0.contains(where: isWanted) })
      guard let end = lines.firstIndex(where: isWanted) else { return lines }
      return Array(lines[...end])
    }

    /// The lines it printed on standard output, once it has closed it.
    package func allLines() async -> [String] {
      await output.lines(until: { _ in false })
    }

    /// What it printed on standard error, once it has ended.
    package func errorOutput() async -> String {
      _ = await termination.wait()
      return String(decoding: errors.value, as: UTF8.self)
    }

    // MARK: - Input and signals

    /// Writes `text` on its standard input; `false` if it could not (the input is closed, or the
    /// process is gone).
    @discardableResult
    package func write(_ text: String) async -> Bool {
      await withCheckedContinuation { continuation in
        if case .terminated = requests.yield(.write(text, continuation)) {
          continuation.resume(returning: false)
        }
      }
    }

    /// Closes its standard input (a program that waits for that then exits).
    package func closeInput() {
      requests.yield(.closeInput)
    }

    /// Sends `signal` to it; `false` if it has already closed its output and ended (or is about
    /// to), so that a signal never reaches another process that reused its id.
    @discardableResult
    package func send(signal: Int32) async -> Bool {
      await withCheckedContinuation { continuation in
        if case .terminated = requests.yield(.signal(signal, continuation)) {
          continuation.resume(returning: false)
        }
      }
    }

    // MARK: - End

    /// Waits until it has ended and been reaped.
    ///
    /// - Throws: ``ChildProcessError`` when swift-subprocess could not watch it.
    @discardableResult
    package func wait() async throws -> Termination {
      try await termination.wait().get()
    }

    /// How it ended, or `nil` while it runs.
    package var ended: Termination? {
      guard case .success(let termination)? = termination.value else { return nil }
      return termination
    }

    /// Closes its standard input and waits until it has ended.
    @discardableResult
    package func finish() async throws -> Termination {
      closeInput()
      return try await wait()
    }

    /// Kills it (`SIGKILL`) and waits until it has ended.
    @discardableResult
    package func kill() async throws -> Termination {
      await send(signal: SIGKILL)
      return try await wait()
    }

    // MARK: - Serving the running process

    /// Reads its output and serves the caller's requests until it has closed standard output and
    /// error.
    fileprivate func serve(
      _ execution: Execution<CustomWriteInput, SequenceOutput, SequenceOutput>
    ) async {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { [output] in
          do {
            for try await line in execution.standardOutput.strings() { output.append(line) }
          } catch {
            // Reading stops when the process is gone; what was read is kept.
          }
          output.end()
        }
        group.addTask { [errors] in
          do {
            for try await buffer in execution.standardError {
              buffer.withUnsafeBytes { bytes in errors.withLock { $0.append(contentsOf: bytes) } }
            }
          } catch {
            // As above.
          }
        }
        group.addTask { [requestStream] in
          var inputOpen = true
          for await request in requestStream {
            switch request {
            case .write(let text, let written):
              guard inputOpen else {
                written.resume(returning: false)
                continue
              }
              do {
                _ = try await execution.standardInputWriter.write(text)
                written.resume(returning: true)
              } catch {
                written.resume(returning: false)
              }
            case .closeInput:
              if inputOpen { try? await execution.standardInputWriter.finish() }
              inputOpen = false
            case .signal(let signal, let sent):
              do {
                try execution.send(signal: Signal(rawValue: signal))
                sent.resume(returning: true)
              } catch {
                sent.resume(returning: false)
              }
            }
          }
          if inputOpen { try? await execution.standardInputWriter.finish() }
        }
        // Once both outputs are closed the process has ended or is ending: stop serving requests
        // (a later one is answered `false`), then let `run` reap it.
        await group.next()
        await group.next()
        requests.finish()
        await group.waitForAll()
      }
    }

    fileprivate func end(_ result: Result<Termination, any Error>) {
      requests.finish()
      output.end()
      termination.open(with: result)
    }
  }
}
