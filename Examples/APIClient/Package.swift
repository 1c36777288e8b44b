// swift-tools-version: 6.1
import PackageDescription

// A small API client over URLSession, tested against a fake server of its own in every test
// (CleanSlateHTTP), in XCTest and in Swift Testing:
//
//   swift test --package-path Examples/APIClient
let package = Package(
  name: "APIClient",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-clean-slate", path: "../..", traits: ["HTTP"])],
  targets: [
    .target(name: "TodoAPI"),
    .testTarget(
      name: "TodoAPITests",
      dependencies: [
        "TodoAPI",
        .product(name: "CleanSlateHTTP", package: "swift-clean-slate"),
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
