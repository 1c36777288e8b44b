// Writes sessions into a store of runs, as shards of `cleanslate test --history` do at the end of
// their sessions, printing `recorded <id>` once each is committed: for the store's tests of
// writers at once and of a writer killed in the middle of a write.
//
//   CleanSlateHistoryProbe <store> <sessions> <tests> <name>   (sessions 0: until killed)
import CleanSlateHistory
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 5, let sessions = Int(arguments[2]), let tests = Int(arguments[3]) else {
  FileHandle.standardError.write(
    Data("usage: CleanSlateHistoryProbe <store> <sessions> <tests> <name>\n".utf8))
  exit(2)
}
let name = arguments[4]
do {
  let store = try await StoreLocation(arguments[1]).open()
  var number = 0
  while sessions == 0 || number < sessions {
    number += 1
    let results = (0..<tests).map { index in
      StoredResult(
        test: "ProbeTests.Suite/test\(index)()", verdict: index % 7 == 0 ? "flaky" : "passed",
        runs: index % 7 == 0 ? 2 : 1, failures: index % 7 == 0 ? 1 : 0, seconds: 0.01,
        attempts: index % 7 == 0
          ? [
            StoredAttempt(repetition: 1, outcome: "failed", failure: "expected 1, got 2"),
            StoredAttempt(repetition: 1, outcome: "passed", alone: true),
          ] : [])
    }
    let session = StoredSession(
      id: "\(name)-\(number)", started: Date(), ended: Date(),
      source: SourceVersion(commit: "c\(number % 3)"), machine: name, command: "probe",
      exitStatus: 0, results: results)
    try await store.record(session)
    FileHandle.standardOutput.write(Data("recorded \(session.id)\n".utf8))
  }
  await store.close()
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
