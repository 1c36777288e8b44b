#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names people know signals by: `SIGSEGV` for 11.
package enum SignalName {
  /// The usual name of `signal`, when it has one people know: `SIGSEGV` for 11.
  package static func usual(_ signal: Int32) -> String? {
    let names: [Int32: String] = [
      SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
      SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
      SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
    ]
    return names[signal]
  }

  /// `signal`'s usual name, else `signal 40`.
  package static func of(_ signal: Int32) -> String {
    usual(signal) ?? "signal \(signal)"
  }
}
