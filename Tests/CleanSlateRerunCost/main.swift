import CleanSlate
import CleanSlateTestProcess
import Foundation

// What one rerun of one quick test costs over the test's own time, started directly (as
// `cleanslate test`, `--explain` and `bisect` rerun tests now) and through `swift test` (as they
// did), each run as an experiment of `--explain` runs it: exact filter, one test at a time, an
// XUnit file, a lifecycle trace and a temporary directory of its own (a new TMPDIR each run, which
// makes SwiftPM evaluate the manifests again). The two ways take turns, each first in every other
// round. Run by `Benchmarks/run-rerun-cost.sh`:
//
//   CleanSlateRerunCost <package path> <test> [runs]

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: CleanSlateRerunCost <package> <test> [runs]\n".utf8))
  exit(2)
}
let package = URL(fileURLWithPath: arguments.first!).standardizedFileURL.path
let test = TestName(arguments.dropFirst().first!)
let runs = arguments.dropFirst(2).first.flatMap(Int.init) ?? 20
let work = FileManager.default.temporaryDirectory
  .appendingPathComponent("cleanslate-rerun-cost-\(ProcessInfo.processInfo.processIdentifier)")
defer { try? FileManager.default.removeItem(at: work) }

let direct = await TestLauncher.forPackage(
  at: package, buildOptions: [], workDirectory: work.appendingPathComponent("launcher"))
if let note = direct.note {
  FileHandle.standardError.write(Data("\(note)\n".utf8))
  exit(1)
}
let swiftTest = TestLauncher(
  way: .swiftTest(because: "the comparison"), packagePath: package, workDirectory: work)

/// One run's wall time and the test's own time, in seconds.
func rerun(with launcher: TestLauncher, number: Int) async throws -> (wall: Double, own: Double) {
  let folder = work.appendingPathComponent("run-\(number)")
  let temporary = folder.appendingPathComponent("tmp")
  try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let xunit = folder.appendingPathComponent("results.xml").path
  let command =
    ["test", "--skip-build", "--package-path", package, "--no-parallel"]
    + SwiftTestSelection.arguments(for: [test]) + ["--xunit-output", xunit]
  let environment = [
    "TMPDIR": temporary.path, "CLEANSLATE_TRACE": folder.appendingPathComponent("t.jsonl").path,
    "CLEANSLATE_SENTINEL": "0",
  ]
  let start = ContinuousClock.now
  let result = try await launcher.run(command, environment: environment)
  let (seconds, attoseconds) = (ContinuousClock.now - start).components
  let wall = Double(seconds) + Double(attoseconds) / 1e18
  // (Swift Testing's XUnit file is renamed only when XCTest runs too.)
  let files = [xunit, xunit.replacingOccurrences(of: ".xml", with: "-swift-testing.xml")]
  let ended =
    XCTestOutput(output: result.standardOutput)[test]
    ?? files.lazy.compactMap { file in
      XUnitResults(xml: (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")[test]
    }.first
  guard let ended, ended.outcome == .passed else {
    throw ChildProcessFailure(description: "\(test) did not pass:\n\(result.standardOutput)")
  }
  return (wall, ended.seconds ?? 0)
}

struct ChildProcessFailure: Error, CustomStringConvertible { var description: String }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var samples: [String: [(wall: Double, own: Double)]] = ["direct": [], "swift test": []]
var number = 0
do {
  for round in 0..<runs {
    let order =
      round % 2 == 0
      ? [("direct", direct), ("swift test", swiftTest)]
      : [("swift test", swiftTest), ("direct", direct)]
    for (name, launcher) in order {
      number += 1
      samples[name, default: []].append(try await rerun(with: launcher, number: number))
    }
  }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
print("\(test), \(runs) runs each way (load average at the end: \(loadAverage()))")
for name in ["swift test", "direct"] {
  let runs = samples[name]!
  let walls = runs.map(\.wall)
  let over = runs.map { $0.wall - $0.own }
  print(
    String(
      format:
        "%@: wall median %.3f s (min %.3f, max %.3f); the test's own time median %.4f s; over it median %.3f s",
      name, median(walls), walls.min()!, walls.max()!, median(runs.map(\.own)), median(over)))
}
let ratio = median(samples["swift test"]!.map(\.wall)) / median(samples["direct"]!.map(\.wall))
print(String(format: "swift test / direct: %.1f×", ratio))

func loadAverage() -> String {
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first
    .map(String.init) ?? "?"
}
