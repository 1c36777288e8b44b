// swift-tools-version: 6.1
import PackageDescription

// A to-do store and its tests, written once against CleanSlate's fixtures and run by both
// XCTest and Swift Testing. Run it with the lifecycle trace:
//
//   CLEANSLATE_TRACE=stderr swift test --package-path Examples/QuickStart
let package = Package(
  name: "QuickStart",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-clean-slate", path: "../..")],
  targets: [
    .target(name: "TodoStore"),
    .testTarget(
      name: "TodoStoreTests",
      dependencies: [
        "TodoStore",
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
