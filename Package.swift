// swift-tools-version: 6.1
import PackageDescription

/// Settings that catch mistakes early, turned on for every target in one place.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "swift-clean-slate",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "CleanSlate", targets: ["CleanSlate"]),
    .library(name: "CleanSlateXCTest", targets: ["CleanSlateXCTest"]),
    .library(name: "CleanSlateTesting", targets: ["CleanSlateTesting"]),
  ],
  targets: [
    // MARK: - Engine (framework-agnostic, Foundation only)
    .target(name: "CleanSlate", swiftSettings: strictSettings),

    // MARK: - Framework integrations
    .target(
      name: "CleanSlateXCTest",
      dependencies: ["CleanSlate"],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CleanSlateTesting",
      dependencies: ["CleanSlate"],
      swiftSettings: strictSettings
    ),

    // MARK: - Tests
    .testTarget(
      name: "CleanSlateTests",
      dependencies: ["CleanSlate"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateXCTestTests",
      dependencies: ["CleanSlate", "CleanSlateXCTest"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateTestingTests",
      dependencies: ["CleanSlate", "CleanSlateTesting"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
