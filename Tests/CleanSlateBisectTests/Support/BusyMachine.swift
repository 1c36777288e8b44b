import CleanSlate
import CleanSlateTestSupport
import Foundation

/// A machine other processes keep busy, as on CI: files created and removed again and again in the
/// shared temporary directory and under HOME, by a thread of this process (another process, to
/// the test processes it starts), for as long as a test runs.
///
/// The test processes get a temporary directory and a home of the machine's own (`TMPDIR`,
/// `HOME`), so that the churn is where they would look, and nothing of the real ones is touched.
final class BusyMachine: Sendable {
  /// The directory that stands for `/tmp`.
  let temporaryDirectory: URL
  /// The directory that stands for the home directory.
  let home: URL
  private let root: URL
  private let stopping = Locked(false)
  private let made = Locked(0)
  private let finished = DispatchSemaphore(value: 0)

  private init(root: URL) throws {
    self.root = root
    temporaryDirectory = root.appendingPathComponent("tmp", isDirectory: true)
    home = root.appendingPathComponent("home", isDirectory: true)
    for directory in [temporaryDirectory, home.appendingPathComponent(".cache")] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
  }

  /// The variables that point a test process at the machine's directories.
  var environment: [String: String] {
    var environment = StartingEnvironment.variables
    environment["TMPDIR"] = temporaryDirectory.path
    environment["HOME"] = home.path
    for name in ["CLEANSLATE_SHARED_TMPDIR", "CLEANSLATE_SENTINEL", "CLEANSLATE_TRACE"] {
      environment[name] = nil
    }
    return environment
  }

  /// How many files the churn made so far.
  var filesMade: Int { made.value }

  /// Runs `body` while the machine is busy, then stops the churn and removes the directories.
  static func run<R>(_ body: (BusyMachine) async throws -> R) async throws -> R {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-busy-\(UUID().uuidString.prefix(8))")
    let machine = try BusyMachine(root: root)
    defer { try? FileManager.default.removeItem(at: root) }
    machine.start()
    do {
      let result = try await body(machine)
      await machine.stop()
      return result
    } catch {
      await machine.stop()
      throw error
    }
  }

  private func start() {
    let places = [temporaryDirectory, home, home.appendingPathComponent(".cache")]
    Thread { [self] in
      var alive: [URL] = []
      while !stopping.value {
        for place in places {
          let file = place.appendingPathComponent("churn-\(UUID().uuidString).sqlite3")
          if FileManager.default.createFile(atPath: file.path, contents: Data(count: 512)) {
            alive.append(file)
            made.withLock { $0 += 1 }
          }
        }
        while alive.count > 6 { try? FileManager.default.removeItem(at: alive.removeFirst()) }
        usleep(2_000)
      }
      for file in alive { try? FileManager.default.removeItem(at: file) }
      finished.signal()
    }.start()
  }

  /// Stops the churn and waits (off Swift concurrency's threads) until its last file is gone.
  private func stop() async {
    stopping.withLock { $0 = true }
    await offThread { [finished] in finished.wait() }
  }
}

/// The sentinel's reports in what a test run printed.
enum SentinelReports {
  /// The first words of every report, once each, sorted: `Test 'A.testB' left 1 file created or
  /// removed`.
  static func subjects(in output: String) -> Set<String> {
    let report = #/(Test '[^']+'|Suite '[^']+'|The test run) left ([^:\n]*?) (after its|at its)/#
    return Set(output.matches(of: report).map { "\($0.output.1) left \($0.output.2)" })
  }
}
