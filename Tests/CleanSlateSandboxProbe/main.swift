// A child process for the sandbox crash test.
//
//   CleanSlateSandboxProbe crash   makes a test's temporary directory, prints its path, then
//                                   kills itself with SIGKILL (no teardown, no cleanup)
//   CleanSlateSandboxProbe wait    makes one, prints its path, then waits until standard input
//                                   closes
//
// The sandbox root comes from CLEANSLATE_SANDBOX_ROOT, set by the test.
import CleanSlate
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let mode = CommandLine.arguments.dropFirst().first ?? "crash"
let test = ScopeRuntime(.test, name: "Probe/\(mode)()", parent: nil)
let directory = try await test.withCurrent { try await use(.temporaryDirectory) }
try Data("written before \(mode)".utf8).write(to: directory.appendingPathComponent("evidence.txt"))
FileHandle.standardOutput.write(Data((directory.path + "\n").utf8))

switch mode {
case "crash":
  kill(getpid(), SIGKILL)
default:
  _ = FileHandle.standardInput.readDataToEndOfFile()
}
