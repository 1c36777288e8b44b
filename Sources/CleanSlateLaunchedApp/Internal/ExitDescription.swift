#if LaunchedApp
  import Subprocess

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  extension TerminationStatus {
    /// Whether this is how an app ends when it is stopped: a clean exit, or death by the
    /// `SIGTERM` (or, after the grace period, the `SIGKILL`) sent to stop it.
    var isCleanStop: Bool {
      switch self {
      case .exited(let code): code == 0 || code == 128 + SIGTERM
      case .signaled(let signal): signal == SIGTERM || signal == SIGKILL
      }
    }

    /// As `crashed with signal 6 (SIGABRT)` or `exited with code 3`.
    var summary: String {
      switch self {
      case .exited(let code): "exited with code \(code)"
      case .signaled(let signal): "crashed with signal \(signal) (\(Self.name(of: signal)))"
      }
    }

    private static func name(of signal: Int32) -> String {
      switch signal {
      case SIGABRT: "SIGABRT"
      case SIGSEGV: "SIGSEGV"
      case SIGBUS: "SIGBUS"
      case SIGILL: "SIGILL"
      case SIGTRAP: "SIGTRAP"
      case SIGFPE: "SIGFPE"
      case SIGKILL: "SIGKILL"
      case SIGTERM: "SIGTERM"
      case SIGINT: "SIGINT"
      case SIGHUP: "SIGHUP"
      case SIGPIPE: "SIGPIPE"
      default: String(cString: strsignal(signal))
      }
    }
  }
#endif
