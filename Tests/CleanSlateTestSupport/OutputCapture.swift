import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` with the process's standard output and standard error going to a file, and
/// returns what was written there meanwhile.
///
/// Tests that run inner XCTest tests to check how they fail use it, so that those failures —
/// printed by XCTest in its `path:line: error:` form — stay out of the run's output, where a
/// real failure must stand out. Call it where nothing else of the process writes (XCTest runs
/// one test at a time): what other threads write meanwhile is captured too.
@discardableResult
package func capturingOutput<T>(_ body: () throws -> T) rethrows -> (T, output: String) {
  fflush(nil)
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("cleanslate-output-\(UUID().uuidString)").path
  let capture = open(file, O_RDWR | O_CREAT | O_TRUNC, 0o600)
  guard capture >= 0 else { return (try body(), "") }
  let savedOutput = dup(STDOUT_FILENO)
  let savedError = dup(STDERR_FILENO)
  dup2(capture, STDOUT_FILENO)
  dup2(capture, STDERR_FILENO)
  defer {
    fflush(nil)
    dup2(savedOutput, STDOUT_FILENO)
    dup2(savedError, STDERR_FILENO)
    close(savedOutput)
    close(savedError)
    close(capture)
    unlink(file)
  }
  let result = try body()
  fflush(nil)
  let output = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
  return (result, output)
}
