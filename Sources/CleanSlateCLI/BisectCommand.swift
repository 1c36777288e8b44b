import ArgumentParser
import CleanSlate
import CleanSlateBisect
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation

/// `cleanslate bisect`: finds the earlier tests that make a test fail in the full run.
struct BisectCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bisect",
    abstract: "Finds the tests that make VICTIM fail when they run before it.",
    discussion: """
      VICTIM passes alone and fails in the full run. bisect runs it after subsets of the tests \
      that run before it (as swift test --skip-build --no-parallel --filter runs them, exact \
      names, started from the built test product), halving \
      them until it finds the smallest set that makes it fail, and prints it with what the \
      sentinel saw it leave behind. Each run is judged by VICTIM's own outcome: the sentinel \
      only warns (CLEANSLATE_SENTINEL_MODE=warn). Build the tests first: swift build --build-tests.
      """)

  @Argument(help: "The failing test's full name, as swift test list prints it.")
  var victim: String

  @Option(help: "The package's directory.")
  var packagePath = "."

  @Option(
    help:
      "A lifecycle trace of the run where VICTIM failed (CLEANSLATE_TRACE): only the tests it shows running before VICTIM are tried."
  )
  var trace: [String] = []

  @Flag(
    inversion: .prefixedNo,
    help:
      "Watch process state in each run (CLEANSLATE_SENTINEL=1), to say what the polluters left behind."
  )
  var sentinel = true

  func run() async throws {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-bisect-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let launcher = await TestLauncher.forPackage(
      at: packagePath, buildOptions: [], workDirectory: work.appendingPathComponent("launcher"))
    if let note = launcher.note { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
    let bisectLauncher = BisectLauncher(launcher: launcher, watchesState: sentinel)
    let victim = TestName(victim)
    do {
      let given = trace.isEmpty ? nil : try TraceReader.read(trace)
      let earlier = try RunOrder.earlier(
        than: victim, listed: try await bisectLauncher.list(),
        trace: given.map(TraceFacts.init(log:)))
      print("Bisecting \(victim): \(earlier.count) tests run before it.")
      var bisection = Bisection(launcher: bisectLauncher, victim: victim, earlier: earlier)
      bisection.progress = { step in
        let what =
          switch step.tests.count {
          case 0: "the victim alone"
          case 1: "1 earlier test, then the victim"
          case let count: "\(count) earlier tests, then the victim"
          }
        print("  run \(step.number): \(what): \(step.victimPassed ? "passes" : "fails")")
      }
      let result = try await bisection.run()
      report(result, given: given)
    } catch let error as BisectError {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }

  private func report(_ result: Bisection<BisectLauncher>.Result, given: TraceLog?) {
    let single = result.polluters.count == 1
    print("\(single ? "The polluter" : "The polluters, together") (found in \(result.runs) runs):")
    for test in result.polluters { print("  \(test)") }
    print("Run \(single ? "it" : "them") with the victim:")
    print("  \(result.failingRun.command)")
    var left = result.failingRun.traced?.reports(about: result.polluters) ?? []
    if left.isEmpty, let given {
      left = TraceFacts(log: given).reports(about: result.polluters)
    }
    guard !left.isEmpty else { return }
    print("What the sentinel saw \(single ? "it" : "them") leave behind:")
    for report in left {
      print(report.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }
  }
}
