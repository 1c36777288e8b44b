import CleanSlate
import CleanSlateBisect
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlateTestProcess

/// The `swift test` command of a bisection's run, as a user types it again.
@Suite struct BisectLauncherTests {
  @Test func aRunsCommandSetsWhatDecidesTheOutcomeAndPrintsAsAShellReadsIt() {
    func launcher(of packagePath: String) -> TestLauncher {
      TestLauncher(
        way: .swiftTest(because: "a test"), packagePath: packagePath,
        workDirectory: URL(fileURLWithPath: "/tmp/work"), directory: "/",
        environment: StartingEnvironment.variables)
    }
    let runner = BisectLauncher(launcher: launcher(of: "My Package"))
    let unwatched = BisectLauncher(launcher: launcher(of: "."), watchesState: false)

    #expect(
      "\(runner.launcher.invocation(of: runner.request(for: ["Tests.A/testB", "Tests.Suite/c()"])))"
        == #"CLEANSLATE_SENTINEL=1 CLEANSLATE_SENTINEL_MODE=warn swift test --skip-build --package-path 'My Package' --no-parallel --filter '^(Tests\.A/testB|Tests\.Suite/c\(\)(/.*)?)$'"#
    )
    #expect(
      "\(unwatched.launcher.invocation(of: unwatched.request(for: ["Tests.A/testB"])))"
        == #"swift test --skip-build --no-parallel --filter '^(Tests\.A/testB)$' --disable-swift-testing"#
    )
    #expect(
      unwatched.launcher.invocation(of: unwatched.request(for: ["Tests.Suite/c()"])).arguments.last
        == "--disable-xctest")
    #expect(SwiftTestInvocation.quoted("it's") == #"'it'\''s'"#)
  }

  @Test func aStepsLaunchAsksForAQuickCrashReport() {
    // Given bisect's launcher
    let runner = BisectLauncher(
      launcher: TestLauncher(
        way: .swiftTest(because: "a test"), packagePath: ".",
        workDirectory: URL(fileURLWithPath: "/tmp/work"), directory: "/",
        environment: StartingEnvironment.variables))

    // When it asks for a step's launch
    let request = runner.request(for: ["Tests.A/testB", "Tests.A/testC"])

    // Then a crash in it writes the quick report (its crashed thread's frames, which pin it), not
    // the runtime's full one, which takes seconds
    #expect(request.quickCrashReports)
  }
}
