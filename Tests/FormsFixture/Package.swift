// swift-tools-version: 6.1
import PackageDescription

// The package whose tests are declared in every form Swift allows (CleanSlateRunnerTests'
// conformance tests): Swift Testing functions at file scope — plain, with a display name, with
// arguments, with a raw identifier, async throwing, private inside `#if` — and in suites of every
// kind, beside XCTest classes, inherited and async methods. A test fails when FORMS_FIXTURE_FAIL
// (a comma-separated list) names it, and FORMS_FIXTURE_HIDE asks for a failure the tests' ends
// do not show (`exit`: the test process exits 1 after its tests passed; `outside`: a suite's
// trait records an issue outside any test). No dependency, so that it builds in seconds.
let package = Package(
  name: "FormsFixture",
  targets: [.testTarget(name: "FormsFixtureTests")],
  swiftLanguageModes: [.v6]
)
