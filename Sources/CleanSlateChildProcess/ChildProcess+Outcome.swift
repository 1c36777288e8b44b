import Subprocess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension ChildProcess {
  /// How a child process ended.
  package enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    init(_ status: TerminationStatus) {
      switch status {
      case .exited(let code): self = .exited(code)
      case .signaled(let signal): self = .signalled(signal)
      }
    }

    /// Whether it exited with status 0.
    package var succeeded: Bool { self == .exited(0) }

    /// Its exit status, or the number of the signal that ended it (as `Process` reports both).
    package var status: Int32 {
      switch self {
      case .exited(let code), .signalled(let code): code
      }
    }

    /// `exit status 1`, `signal 9 (Killed)`.
    package var description: String {
      switch self {
      case .exited(let code): "exit status \(code)"
      case .signalled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
      }
    }
  }

  /// What a child process that ran to its end printed, and how it ended.
  package struct Outcome: Sendable {
    /// How it ended.
    package var termination: Termination
    /// What it printed on standard output (and standard error, when they were combined).
    package var standardOutput: String
    /// What it printed on standard error.
    package var standardError: String

    package init(termination: Termination, standardOutput: String, standardError: String) {
      self.termination = termination
      self.standardOutput = standardOutput
      self.standardError = standardError
    }

    /// Its exit status, or the number of the signal that ended it.
    package var status: Int32 { termination.status }

    /// Whether it exited with status 0.
    package var succeeded: Bool { termination.succeeded }
  }
}
