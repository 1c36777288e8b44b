import CleanSlate
import CleanSlateExplain
import CleanSlateTestProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// An experiment of `--explain` changes nothing and leaves nothing behind: its tests run with a
/// temporary directory of its own, removed after the run, and keep nothing of a failed test
/// (`CLEANSLATE_KEEP_FAILED=0`: no database kept aside on the server); the sentinel stays off in
/// a run it does not watch. The test product here is a script that writes down the environment it
/// was started with, and passes its one test.
@Suite struct ExperimentsLeaveNothingTests {
  @Test func anExperimentsTestsKeepNothingAndItsFolderIsGoneAfterIt() async throws {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-experiment-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    // Given a test product that records its environment
    let product = work.appendingPathComponent("FakePackageTests.xctest")
    let recorded = work.appendingPathComponent("environment.txt")
    try Data(
      """
      #!/bin/sh
      if [ "$1" = --dump-tests-json ]; then
        echo '{"name":"All tests","tests":[{"name":"debug.xctest","tests":[{"name":"M.A","tests":[{"name":"testB"}]}]}]}'
        exit 0
      fi
      env > '\(recorded.path)'
      echo "Test Case 'A.testB' started at 2026-11-27 10:00:00.000"
      echo "Test Case 'A.testB' passed (0.001 seconds)"
      """.utf8
    ).write(to: product)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: product.path)
    let experiments = work.appendingPathComponent("experiments")
    let launcher = TestLauncher(
      way: .direct(BuiltTests(product: product.path, platform: .linux)), packagePath: ".",
      workDirectory: experiments, directory: work.path, environment: StartingEnvironment.variables)
    let runner = SwiftExperimentRunner(launcher: launcher)

    // When an experiment runs the test alone, with a seed
    let run = try await runner.run(RunCondition(seed: 7), of: "M.A/testB", testCase: nil)

    // Then the test passed, its process kept nothing and watched nothing, and printed only the
    // seed with its command
    #expect(run.end(of: "M.A/testB")?.outcome == .passed)
    let environment = try String(contentsOf: recorded, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(environment.contains("CLEANSLATE_KEEP_FAILED=0"))
    #expect(environment.contains("CLEANSLATE_SENTINEL=0"))
    #expect(environment.contains("CLEANSLATE_SEED=7"))
    #expect(environment.contains { $0.hasPrefix("TMPDIR=\(experiments.path)/launch-1/") })
    // (every test process of the run shares that temporary directory, the sentinel too)
    #expect(
      environment.contains {
        $0.hasPrefix("CLEANSLATE_LAUNCH_TMPDIR=\(experiments.path)/launch-1/")
      })
    #expect(
      run.command.description
        == "CLEANSLATE_SEED=7 swift test --skip-build --no-parallel --filter '^(M\\.A/testB)$' --disable-swift-testing"
    )
    // And its folder (its temporary directory, XUnit file and trace) is gone
    #expect(try FileManager.default.contentsOfDirectory(atPath: experiments.path).isEmpty)
  }
}
