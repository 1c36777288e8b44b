import CleanSlate
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// A session's own runs ask for quick crash reports, as the experiments' do: the runtime writes
/// the crashed thread's addresses and the launch names them, a fraction of a second where the
/// runtime's own names take 10 to 40 seconds a crash for a server app. The crash still reads the
/// same: pinned by the test's frame, the frames of its crashed thread named with their places. A
/// `SWIFT_BACKTRACE` the user set keeps the runtime's report. Run on `Tests/RunnerFixture`.
@Suite(.serialized) struct SessionCrashReportsTests {
  /// The Swift Testing test that crashes while its partner runs beside it, and that partner.
  static let tests = [
    TestName("RunnerFixtureTests.CrashSuite/crashesBeside()"),
    TestName("RunnerFixtureTests.CrashSuite/partner()"),
  ]

  /// A session's launch of ``tests`` asked to crash, from an environment with `backtrace` as its
  /// `SWIFT_BACKTRACE` (`nil`: unset).
  static func crashedLaunch(backtrace: String?) async throws -> Launch {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-session-crash-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: work) }
    var environment = StartingEnvironment.variables
    environment["RUNNER_FIXTURE"] = "crash-beside"
    environment["SWIFT_BACKTRACE"] = backtrace
    let launcher = await TestLauncher.forPackage(
      at: fixture, buildOptions: [], workDirectory: work, directory: fixture,
      environment: environment)
    let session = SwiftSessionLauncher(launcher: launcher, passthrough: ["--disable-xctest"])
    return try await session.launch(tests)
  }

  /// What the crashed process wrote on standard error: its crash report.
  static func report(of launch: Launch) -> String {
    launch.processes.filter(\.crashed).map(\.standardError).joined(separator: "\n")
  }

  @Test func aSessionsLaunchAsksForQuickCrashReports() {
    // Given a session's launcher
    let launcher = TestLauncher(
      way: .swiftTest(because: "a test"), packagePath: ".",
      workDirectory: FileManager.default.temporaryDirectory)
    let session = SwiftSessionLauncher(launcher: launcher)

    // When it asks for a launch of some tests, and of every test
    let some = session.request(for: Self.tests)
    let every = session.request(for: [], everyTest: true)

    // Then both ask for quick crash reports
    #expect(some.quickCrashReports)
    #expect(every.quickCrashReports)
  }

  @Test func aSessionsCrashIsReportedQuicklyAndStillPinnedByItsFrame() async throws {
    // Given a Swift Testing test that crashes while its partner runs beside it
    // When a session launches them, with `SWIFT_BACKTRACE` unset
    let launch = try await Self.crashedLaunch(backtrace: nil)

    // Then its process wrote the quick report: the crashed thread only, no registers
    let report = Self.report(of: launch)
    #expect(report.contains(" crashed:"), "\(report)")
    #expect(!report.contains("\nRegisters:"), "\(report)")
    #expect(report.components(separatedBy: "\nThread ").count == 2, "\(report)")
    // And the crash is pinned on the test by its own frame, named with its place by the launch
    let crash = try #require(launch.crashes.first)
    #expect(crash.test == Self.tests[0])
    guard case .frame(let frame)? = crash.evidence else {
      Issue.record("not pinned by a frame: \(String(describing: crash.evidence))")
      return
    }
    #expect(frame.symbol.contains("CrashSuite.crashesBeside()"))
    #expect(frame.location?.contains("CrashSuite.swift:12") == true, "\(crash.excerpt)")
    #expect(crash.backtrace?.fatalErrorMessage?.contains("crashes while partner()") == true)
  }

  @Test func aSWIFTBACKTRACETheUserSetKeepsTheRuntimesReport() async throws {
    // Given the same crash
    // When a session launches it with `SWIFT_BACKTRACE` set by the user
    let launch = try await Self.crashedLaunch(backtrace: "enable=yes,color=no,interactive=no")

    // Then its process wrote the runtime's own report, registers included, pinned all the same
    let report = Self.report(of: launch)
    #expect(report.contains("\nRegisters:"), "\(report)")
    #expect(launch.crashes.first?.test == Self.tests[0])
  }
}
