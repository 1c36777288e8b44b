// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for CleanSlate, kept out of the main package so that its build and tests stay
// fast. Run them all with `Benchmarks/run.sh`; results go in BENCHMARKS.md.
let package = Package(
  name: "CleanSlateBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-clean-slate", path: "..", traits: ["GRDB", "Postgres", "HTTP", "Vapor"]),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
    .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
    .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
  ],
  targets: [
    // Runs XCTest tests of a FixtureTestCase and times them, for the benchmarks below.
    .target(
      name: "BenchmarkHarness",
      dependencies: [.product(name: "CleanSlateXCTest", package: "swift-clean-slate")]
    ),
    // MARK: - Fresh databases per test (run with run-databases.sh)
    .executableTarget(
      name: "DatabaseBenchmarks",
      dependencies: [
        "BenchmarkHarness",
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateGRDB", package: "swift-clean-slate"),
        .product(name: "CleanSlatePostgres", package: "swift-clean-slate"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    // MARK: - Fake HTTP server: per test, round trips, a thousand tests (run with run-http.sh)
    .executableTarget(
      name: "HTTPBenchmarks",
      dependencies: [
        "BenchmarkHarness",
        .product(name: "CleanSlateHTTP", package: "swift-clean-slate"),
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    // MARK: - Vapor + Fluent apps' suites, several ways (run with run-server.sh, run-members.sh)
    .target(
      name: "ShopApp",
      dependencies: [
        .product(name: "Vapor", package: "vapor"),
        .product(name: "Fluent", package: "fluent"),
        .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
        .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
      ]
    ),
    // A makerspace's members site, shaped like a real app's: configure migrates in-memory SQLite
    // under `.testing`, route registration fills a global registry (run with run-members.sh).
    .target(
      name: "MembersApp",
      dependencies: [
        .product(name: "Vapor", package: "vapor"),
        .product(name: "Fluent", package: "fluent"),
        .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
        .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
      ]
    ),
    .testTarget(
      name: "ServerBenchmarks",
      dependencies: [
        "ShopApp",
        "MembersApp",
        .product(name: "CleanSlateVapor", package: "swift-clean-slate"),
        .product(name: "CleanSlatePostgres", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
        .product(name: "VaporTesting", package: "vapor"),
        .product(name: "Fluent", package: "fluent"),
        .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    // MARK: - Async work wait latency: WorkTracker against 2 ms polling
    .executableTarget(
      name: "WorkTrackerLatency",
      dependencies: [.product(name: "CleanSlate", package: "swift-clean-slate")]
    ),
    // MARK: - Lifecycle report: synthetic traces of a given size, for `cleanslate report`
    .executableTarget(name: "ReportBenchmarks"),
    // MARK: - XCTest memory and overhead: an XCTest runner with its test lists built in code
    .executableTarget(
      name: "XCTestBenchmarks",
      dependencies: [.product(name: "CleanSlateXCTest", package: "swift-clean-slate")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
