#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file-system call that failed: which call, on which path, and the system's reason.
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was being attempted, as `remove directory`.
  package var operation: String
  /// The path it was attempted on.
  package var path: String
  /// The `errno` the system reported, or `0` when CleanSlate itself refused.
  package var code: Int32
  /// Why CleanSlate refused, when it did rather than the system.
  package var reason: String?

  package init(_ operation: String, path: String, code: Int32 = errno, reason: String? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.reason = reason
  }

  /// The message, as `Could not remove directory '/tmp/x': Permission denied (errno 13).`
  package var description: String {
    let why = reason ?? "\(String(cString: strerror(code))) (errno \(code))"
    return "Could not \(operation) '\(path)': \(why)."
  }
}
