// Writes sessions into a store of runs, as shards of `cleanslate test --history` do at the end of
// their sessions, printing `recorded <id>` once each is committed: for the store's tests of
// writers at once and of a writer killed in the middle of a write; and, with a fifth argument,
// for what the store's kept rounds cost: `flaky`, every test flaky; `evidence`, every test flaky
// with the rounds of a pooled explanation kept (Benchmarks/run-evidence-size.sh).
//
//   CleanSlateHistoryProbe <store> <sessions> <tests> <name> [flaky|evidence]
//   (sessions 0: until killed)
import CleanSlateHistory
import Foundation

let arguments = CommandLine.arguments
guard (5...6).contains(arguments.count), let sessions = Int(arguments[2]),
  let tests = Int(arguments[3]),
  arguments.count == 5 || ["flaky", "evidence"].contains(arguments[5])
else {
  FileHandle.standardError.write(
    Data("usage: CleanSlateHistoryProbe <store> <sessions> <tests> <name> [flaky|evidence]\n".utf8))
  exit(2)
}
let name = arguments[4]
let mode = arguments.count == 6 ? arguments[5] : nil
// The rounds a session's pooled explanation of a rare flaky test keeps: the lead comparison, a
// few hundred pairs, and a screen.
let kept = StoredEvidence(
  lead: "parallel", rounds: "hashOrder 00x19,10x1; parallel 00x231,01x1,10x3,11x1", afresh: false)
do {
  let store = try await StoreLocation(arguments[1]).open()
  var number = 0
  while sessions == 0 || number < sessions {
    number += 1
    let results = (0..<tests).map { index in
      let flaky = mode != nil || index % 7 == 0
      return StoredResult(
        test: "ProbeTests.Suite/test\(index)()", verdict: flaky ? "flaky" : "passed",
        runs: flaky ? 2 : 1, failures: flaky ? 1 : 0, seconds: 0.01,
        attempts: flaky
          ? [
            StoredAttempt(repetition: 1, outcome: "failed", failure: "expected 1, got 2"),
            StoredAttempt(repetition: 1, outcome: "passed", alone: true),
          ] : [],
        evidence: mode == "evidence" ? kept : nil)
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
