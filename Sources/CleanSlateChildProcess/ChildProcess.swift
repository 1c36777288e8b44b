import Subprocess

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// A program that CleanSlate runs as a child process: what to run, with what, and where.
///
/// Every child process of CleanSlate's modules and of its tests starts and is awaited here, through
/// swift-subprocess, so that the package has one way to watch children and none of them can hold
/// another's descriptors:
/// - a child gets standard input, output and error and nothing else of this process (every other
///   descriptor is closed in it as it starts, whatever another thread opens meanwhile). A pipe or
///   an exit notification that leaked into an unrelated child that lives on (a database server, a
///   build) would keep its reader waiting for an end of file that never comes;
/// - waiting for a child's output and exit suspends the task and holds none of Swift concurrency's
///   few threads: a blocking wait there (Foundation's `waitUntilExit`, a semaphore) starves every
///   other task of the process while the child runs;
/// - a child's exit is noticed through its own process descriptor, so that one waiter never reaps
///   another's child.
package struct ChildProcess: Sendable {
  /// The program: an absolute path, or a name looked up on `PATH`.
  package var executable: String
  /// Its arguments, the program's name not included.
  package var arguments: [String]
  /// Its environment: `nil` for this process's own.
  package var environment: [String: String]?
  /// Its current directory: `/` unless told, as a test's sandbox (the current directory for a
  /// while) may be gone by the time the program starts.
  package var directory: String

  package init(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
    directory: String = "/"
  ) {
    self.executable = executable
    self.arguments = arguments
    self.environment = environment
    self.directory = directory
  }

  /// The command `command`: its first element the program, the rest its arguments.
  package init(
    command: [String], environment: [String: String]? = nil, directory: String = "/"
  ) {
    self.init(
      command.first ?? "", Array(command.dropFirst()), environment: environment,
      directory: directory)
  }

  /// The command line, as a person would type it (for messages).
  package var commandLine: String {
    ([executable] + arguments).joined(separator: " ")
  }

  /// Runs the program to its end and returns what it printed and how it ended.
  ///
  /// - Parameters:
  ///   - input: What to write on its standard input (`nil`: the null device).
  ///   - combiningErrorWithOutput: Whether standard error goes with standard output, in the order
  ///     they were written (the outcome's `standardError` is then empty).
  /// - Throws: ``ChildProcessError`` when the program cannot be started.
  package func run(
    input: String? = nil, combiningErrorWithOutput: Bool = false
  ) async throws -> Outcome {
    do {
      switch (input, combiningErrorWithOutput) {
      case (nil, false):
        return try await collect(input: .none, error: .bytes(limit: .max)) { $0.standardError }
      case (let input?, false):
        return try await collect(input: .string(input), error: .bytes(limit: .max)) {
          $0.standardError
        }
      case (nil, true):
        return try await collect(input: .none, error: .combinedWithOutput) { _ in [] }
      case (let input?, true):
        return try await collect(input: .string(input), error: .combinedWithOutput) { _ in [] }
      }
    } catch let error as ChildProcessError {
      throw error
    } catch {
      throw ChildProcessError(starting: self, error)
    }
  }

  private func collect<Input: InputProtocol, Error: ErrorOutputProtocol>(
    input: Input, error: Error,
    errorBytes: (ExecutionResult<Void, BytesOutput, Error>) -> [UInt8]
  ) async throws -> Outcome {
    let result = try await Subprocess.run(
      try subprocessExecutable, arguments: Arguments(arguments),
      environment: subprocessEnvironment, workingDirectory: FilePath(directory),
      input: input, output: .bytes(limit: .max), error: error)
    return Outcome(
      termination: Termination(result.terminationStatus),
      standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
      standardError: String(decoding: errorBytes(result), as: UTF8.self))
  }

  // MARK: - In swift-subprocess's terms

  var subprocessExecutable: Executable {
    get throws {
      guard !executable.isEmpty else { throw ChildProcessError(emptyCommandFor: self) }
      return executable.contains("/") ? .path(FilePath(executable)) : .name(executable)
    }
  }

  var subprocessEnvironment: Environment {
    guard let environment else { return .inherit }
    var variables: [Environment.Key: String] = [:]
    for (name, value) in environment {
      if let key = Environment.Key(rawValue: name) { variables[key] = value }
    }
    return .custom(variables)
  }
}
