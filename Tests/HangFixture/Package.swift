// swift-tools-version: 6.1
import PackageDescription

// The package `cleanslate test --test-timeout` is tested on (CleanSlateRunnerTests): quick tests
// in XCTest and in Swift Testing, around tests that hang when asked to through HANG_FIXTURE (a
// comma-separated list): `hang` blocks an XCTest test on a semaphore forever and makes a Swift
// Testing test, holding a fixture, await a continuation nobody resumes; `ownLimit` blocks a
// FixtureTestCase test whose own limit is 2 seconds; `slow` makes tests take 4 seconds, one
// after the other, and one 8 seconds under its own limit of 30; `child` makes the blocked XCTest
// test start a sleeping shell first, named by HANG_FIXTURE_MARKER.
let package = Package(
  name: "HangFixture",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "swift-clean-slate", path: "../..")],
  targets: [
    .testTarget(
      name: "HangFixtureTests",
      dependencies: [
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
