// swift-tools-version: 6.1
import PackageDescription

// A shop whose tests hold flaky tests of each kind, in XCTest and in Swift Testing: two that fail
// after another test (an environment variable, a static left set), one whose outcome follows the
// run's seed, one written for Tokyo's time zone, one that compares JSON whose keys come in the
// order of a dictionary's (hash order; in Swift Testing also one argument case of a parameterized
// test), a two-element set whose order with deterministic hashing is the failing one, one that
// fails beside another test holding its port, two that set one environment variable at once, two
// XCTest classes that print through one spool file (they collide under `--parallel`), four that
// bootstrap one process-wide metrics backend and fail in a few runs in a hundred at once, one that
// waits a fixed time for work in the background (load: it fails when the machine is busy), and
// one that draws at random. `cleanslate test --explain` names each cause; from the repository's
// root:
//
//   CLEANSLATE_SEED=19 swift run cleanslate test --package-path Examples/WhyFlaky \
//     --retries 2 --explain
//   swift run cleanslate test --package-path Examples/WhyFlaky --filter 'PortXCTests|Printer' \
//     --retries 2 --explain -- --parallel          # XCTest's tests at once: --parallel
//   swift run cleanslate test --package-path Examples/WhyFlaky --filter ShopSuites/Metrics \
//     --repeat 40 --retries 2 --explain            # a rare failure: repeat until one fails
let package = Package(
  name: "WhyFlaky",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-clean-slate", path: "../..")],
  targets: [
    .target(name: "Shop"),
    .testTarget(
      name: "ShopTests",
      dependencies: [
        "Shop",
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
