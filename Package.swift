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
    .library(name: "CleanSlateLaunch", targets: ["CleanSlateLaunch"]),
    .library(name: "CleanSlateLaunchedApp", targets: ["CleanSlateLaunchedApp"]),
    .library(name: "CleanSlateGRDB", targets: ["CleanSlateGRDB"]),
    .library(name: "CleanSlatePostgres", targets: ["CleanSlatePostgres"]),
    .library(name: "CleanSlateHTTP", targets: ["CleanSlateHTTP"]),
    .executable(name: "cleanslate", targets: ["CleanSlateCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // MARK: - Engine (framework-agnostic, Foundation only)
    .target(
      name: "CleanSlate",
      dependencies: ["CleanSlateFileSystem"],
      swiftSettings: strictSettings
    ),
    // Link-safe tree removal, shared by the sandboxes and the launch reset (internal).
    .target(name: "CleanSlateFileSystem", swiftSettings: strictSettings),

    // MARK: - Launch reset (linked by the app under test) and the launched-app fixture
    .target(
      name: "CleanSlateLaunch",
      dependencies: ["CleanSlateFileSystem"],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CleanSlateLaunchedApp",
      dependencies: [
        "CleanSlate",
        "CleanSlateLaunch",
        .product(name: "Subprocess", package: "swift-subprocess"),
        // FilePath: the System framework on Apple platforms, swift-system elsewhere.
        .product(
          name: "SystemPackage", package: "swift-system",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ],
      swiftSettings: strictSettings
    ),

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

    // MARK: - Real databases per test (heavy dependencies stay out of the engine)
    .target(
      name: "CleanSlateGRDB",
      dependencies: [
        "CleanSlate",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CleanSlatePostgres",
      dependencies: [
        "CleanSlate",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - A fake HTTP server per test (SwiftNIO stays out of every other module)
    .target(
      name: "CleanSlateHTTP",
      dependencies: [
        "CleanSlate",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - Lifecycle report: the trace reader and the HTML and terminal reports (internal),
    // and the `cleanslate` command over them
    .target(
      name: "CleanSlateReport",
      dependencies: ["CleanSlate"],
      swiftSettings: strictSettings
    ),
    // Finds the tests that make a test fail when they run before it (`cleanslate bisect`).
    .target(
      name: "CleanSlateBisect",
      dependencies: ["CleanSlate", "CleanSlateReport"],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "CleanSlateCLI",
      dependencies: [
        "CleanSlate",
        "CleanSlateBisect",
        "CleanSlateReport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - Tests
    .testTarget(
      name: "CleanSlateTests",
      dependencies: [
        "CleanSlate",
        "CleanSlateFileSystem",
        "CleanSlateTestSupport",
        "CleanSlateSandboxProbe",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
    // A child process for the sandbox crash test: makes a sandbox, then dies or waits.
    .executableTarget(
      name: "CleanSlateSandboxProbe",
      dependencies: ["CleanSlate"],
      path: "Tests/CleanSlateSandboxProbe",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateLaunchTests",
      dependencies: ["CleanSlateLaunch"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateLaunchedAppTests",
      dependencies: ["CleanSlate", "CleanSlateLaunchedApp", "CleanSlateTestApp"],
      swiftSettings: strictSettings
    ),
    // An app for the launched-app tests: prints a ready line, listens, hangs, crashes or resets.
    .executableTarget(
      name: "CleanSlateTestApp",
      dependencies: ["CleanSlateLaunch"],
      path: "Tests/CleanSlateTestApp",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateXCTestTests",
      dependencies: [
        "CleanSlate", "CleanSlateXCTest", "CleanSlateTestSupport", "CleanSlateRunEndProbe",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateTestingTests",
      dependencies: [
        "CleanSlate", "CleanSlateTesting", "CleanSlateTestSupport", "CleanSlateRunEndProbe",
      ],
      swiftSettings: strictSettings
    ),
    // Helpers shared by the test targets.
    .target(
      name: "CleanSlateTestSupport",
      dependencies: ["CleanSlate"],
      path: "Tests/CleanSlateTestSupport",
      swiftSettings: strictSettings
    ),
    // What the sentinel's snapshots cost, by kind (run by Benchmarks/run.sh, release build).
    .executableTarget(
      name: "CleanSlateSentinelCost",
      dependencies: ["CleanSlate"],
      path: "Tests/CleanSlateSentinelCost",
      swiftSettings: strictSettings
    ),
    // A test process whose process-scoped fixture fails to tear down at the end of the run.
    .executableTarget(
      name: "CleanSlateRunEndProbe",
      dependencies: ["CleanSlate", "CleanSlateTesting", "CleanSlateXCTest"],
      path: "Tests/CleanSlateRunEndProbe",
      swiftSettings: strictSettings
    ),
    // One set of fixtures run through FixtureTestCase and through the Swift Testing traits.
    .testTarget(
      name: "CleanSlateParityTests",
      dependencies: ["CleanSlate", "CleanSlateTesting", "CleanSlateXCTest"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateBisectTests",
      dependencies: [
        "CleanSlateBisect", "CleanSlateReport", "CleanSlateTestSupport", "CleanSlateCLI",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateReportTests",
      dependencies: ["CleanSlate", "CleanSlateReport", "CleanSlateTestSupport", "CleanSlateCLI"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateGRDBTests",
      dependencies: [
        "CleanSlateGRDB", "CleanSlateTesting", "CleanSlateXCTest", "CleanSlateTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlatePostgresTests",
      dependencies: [
        "CleanSlatePostgres", "CleanSlateTesting", "CleanSlateXCTest", "CleanSlateTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateHTTPTests",
      dependencies: [
        "CleanSlateHTTP", "CleanSlateTesting", "CleanSlateXCTest", "CleanSlateTestSupport",
        "CleanSlateLaunchedApp", "CleanSlateHTTPProbe",
      ],
      swiftSettings: strictSettings
    ),
    // An app for the fake server's launched-app test: reads the fake's address from its
    // environment and makes one request.
    .executableTarget(
      name: "CleanSlateHTTPProbe",
      path: "Tests/CleanSlateHTTPProbe",
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
