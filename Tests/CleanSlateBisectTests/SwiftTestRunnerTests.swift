import CleanSlateBisect
import Foundation
import Testing

@testable import CleanSlateTestProcess

/// The `swift test` command of a bisection's run, as a user types it again.
@Suite struct SwiftTestRunnerTests {
  @Test func aRunsCommandSetsWhatDecidesTheOutcomeAndPrintsAsAShellReadsIt() {
    func launcher(of packagePath: String) -> TestLauncher {
      TestLauncher(
        way: .swiftTest(because: "a test"), packagePath: packagePath,
        workDirectory: URL(fileURLWithPath: "/tmp/work"), directory: "/")
    }
    let runner = SwiftTestRunner(
      launcher: launcher(of: "My Package"), workDirectory: URL(fileURLWithPath: "/tmp/work"))
    let unwatched = SwiftTestRunner(
      launcher: launcher(of: "."), workDirectory: URL(fileURLWithPath: "/tmp/work"),
      watchesState: false)

    #expect(
      "\(runner.invocation(of: ["Tests.A/testB", "Tests.Suite/c()"]))"
        == #"CLEANSLATE_SENTINEL=1 CLEANSLATE_SENTINEL_MODE=warn swift test --skip-build --package-path 'My Package' --no-parallel --filter '^(Tests\.A/testB|Tests\.Suite/c\(\)(/.*)?)$'"#
    )
    #expect(
      "\(unwatched.invocation(of: ["Tests.A/testB"]))"
        == #"swift test --skip-build --no-parallel --filter '^(Tests\.A/testB)$' --disable-swift-testing"#
    )
    #expect(unwatched.invocation(of: ["Tests.Suite/c()"]).arguments.last == "--disable-xctest")
    #expect(SwiftTestInvocation.quoted("it's") == #"'it'\''s'"#)
  }
}
