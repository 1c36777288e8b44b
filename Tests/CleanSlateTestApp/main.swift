// An app for the launched-app tests. The first argument picks what it does:
//
//   ready              prints "ready", then answers commands on standard input:
//                      `echo TEXT`, `crash` (abort), `exit CODE`
//   hang               prints a line, never gets ready
//   crash              prints a line, then aborts before getting ready
//   listen PORT        listens on 127.0.0.1:PORT after a short delay, then waits
//   ignore-term        ignores SIGTERM, prints "ready", waits (it is killed after the grace period)
//   reset DIR          resets DIR with CleanSlateLaunch if asked to, prints the report and "ready"
import CleanSlateLaunch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a line at once (`print` would buffer it: standard output is a pipe).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Waits until a signal ends the process.
func waitForever() -> Never {
  while true { pause() }
}

/// Answers commands on standard input, then waits once it is closed.
func answerCommands() -> Never {
  while let line = readLine() {
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    switch words.first {
    case "echo": say(words.count > 1 ? words[1] : "")
    case "crash": say("crashing on request"); abort()
    case "exit": exit(Int32(words.count > 1 ? words[1] : "0") ?? 0)
    default: say("unknown command: \(line)")
    }
  }
  waitForever()
}

func serve(on port: UInt16) -> Never {
  usleep(100_000)  // not ready at once, so that the fixture has to wait
  #if canImport(Glibc)
    let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    let server = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  var yes: Int32 = 1
  setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard bound == 0, listen(server, 16) == 0 else {
    say("could not listen on \(port): errno \(errno)")
    exit(2)
  }
  say("listening on \(port)")
  while true {
    let client = accept(server, nil, nil)
    if client >= 0 { close(client) }
  }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "ready":
  say("starting")
  say("ready")
  answerCommands()
case "hang":
  say("starting, but never getting there")
  waitForever()
case "crash":
  say("about to crash")
  abort()
case "listen":
  serve(on: UInt16(arguments.dropFirst().first ?? "") ?? 0)
case "ignore-term":
  signal(SIGTERM, SIG_IGN)
  say("ready")
  waitForever()
case "reset":
  let directory = URL(fileURLWithPath: arguments.dropFirst().first ?? "/nonexistent")
  let report = LaunchReset(stores: [.directory(directory)]).performIfRequested()
  say(report.description)
  say("ready")
  answerCommands()
default:
  say("unknown mode: \(arguments.joined(separator: " "))")
  exit(64)
}
