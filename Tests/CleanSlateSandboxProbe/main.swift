// A child process for the sandbox tests.
//
//   CleanSlateSandboxProbe crash       makes a test's temporary directory, prints its path, then
//                                       kills itself with SIGKILL (no teardown, no cleanup)
//   CleanSlateSandboxProbe wait        makes one, prints its path, then waits until standard
//                                       input closes
//   CleanSlateSandboxProbe temporary   runs one test the sentinel watches (files and the
//                                       environment), which writes a file in the temporary
//                                       directory through each way of naming it; prints where
//                                       each way pointed and what the sentinel reported, ends
//                                       the process scope, then waits until standard input closes
//   CleanSlateSandboxProbe watches     runs 50,000 tests with a limit of 10 minutes each, which
//                                       end at once, and prints by how many kilobytes its
//                                       resident memory grew (alone in its process, so that no
//                                       other test's memory counts)
//
// The sandbox root comes from CLEANSLATE_SANDBOX_ROOT, set by the test.
import CleanSlate
import CleanSlateChildProcess
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let mode = CommandLine.arguments.dropFirst().first ?? "crash"

/// Prints `line` on standard output at once.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// `$TMPDIR` as a child process sees it, after it wrote `child.txt` there.
func childTemporaryDirectory() async throws -> String {
  try await ChildProcess("/bin/sh", ["-c", "touch \"$TMPDIR/child.txt\" && printf %s \"$TMPDIR\""])
    .run().standardOutput
}

/// The process's resident memory, in kilobytes.
func residentKilobytes() -> Int {
  let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
  let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

switch mode {
case "watches":
  let process = ScopeRuntime(
    .process, name: "process", parent: nil, observer: .some(nil),
    sink: FailureSink(record: { say("reported=\($0)") }))
  let before = residentKilobytes()
  for _ in 0..<50_000 {
    let test = ScopeRuntime(.test, name: "T/quick()", parent: process, timeLimit: .seconds(600))
    await test.finishBody()
    await test.end()
  }
  say("grown=\(residentKilobytes() - before)")
case "temporary":
  let test = ScopeRuntime(
    .test, name: "Probe/temporary()", parent: .process,
    sink: FailureSink(record: { say("reported=\($0)") }))
  test.watchState(Sentinel(checking: [.files, .environment]))
  try await test.withCurrent {
    let byFileManager = FileManager.default.temporaryDirectory
    try Data("1".utf8).write(to: byFileManager.appendingPathComponent("file-manager.txt"))
    let byFoundation = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
    try Data("2".utf8).write(to: byFoundation.appendingPathComponent("foundation.txt"))
    say("TMPDIR=\(ProcessInfo.processInfo.environment["TMPDIR"] ?? "")")
    say("FileManager=\(byFileManager.path)")
    say("NSTemporaryDirectory=\(byFoundation.path)")
    say("child=\(try await childTemporaryDirectory())")
    say("shared=\(ProcessInfo.processInfo.environment["CLEANSLATE_SHARED_TMPDIR"] ?? "")")
  }
  await test.end()
  await ScopeRuntime.process.end()
  say("ended")
  _ = FileHandle.standardInput.readDataToEndOfFile()
default:
  let test = ScopeRuntime(.test, name: "Probe/\(mode)()", parent: nil)
  let directory = try await test.withCurrent { try await use(.temporaryDirectory) }
  try Data("written before \(mode)".utf8).write(
    to: directory.appendingPathComponent("evidence.txt"))
  say(directory.path)
  if mode == "crash" {
    kill(getpid(), SIGKILL)
  } else {
    _ = FileHandle.standardInput.readDataToEndOfFile()
  }
}
