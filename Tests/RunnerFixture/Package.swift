// swift-tools-version: 6.1
import PackageDescription

// The package `cleanslate test` is tested on (CleanSlateRunnerTests): a few tests in XCTest and
// in Swift Testing, of which one is flaky, one fails and some crash when asked to through
// RUNNER_FIXTURE (a comma-separated list: flaky, fail, crash, crash-once, crash-beside,
// crash-thread), and one is skipped. No dependency, so that it builds in seconds.
let package = Package(
  name: "RunnerFixture",
  targets: [.testTarget(name: "RunnerFixtureTests")],
  swiftLanguageModes: [.v6]
)
