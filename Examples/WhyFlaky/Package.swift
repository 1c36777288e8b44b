// swift-tools-version: 6.1
import PackageDescription

// A shop whose tests hold one flaky test of each kind, in XCTest and in Swift Testing: two that
// fail after another test (an environment variable, a static left set), one whose outcome follows
// the run's seed, one written for Tokyo's time zone, one that compares JSON whose keys come in the
// order of a dictionary's (hash order; in Swift Testing also one argument case of a parameterized
// test), one that fails beside another test holding its port, one that waits a fixed time for
// work in the background (load: it fails when the machine is busy), and one that draws at random.
// `cleanslate test --explain` names each cause; from the repository's root:
//
//   CLEANSLATE_SEED=19 swift run cleanslate test --package-path Examples/WhyFlaky \
//     --retries 2 --explain
//   swift run cleanslate test --package-path Examples/WhyFlaky --filter PortXCTests \
//     --retries 2 --explain -- --parallel          # XCTest's tests at once: --parallel
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
