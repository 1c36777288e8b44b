// swift-tools-version: 6.1
import PackageDescription

/// Settings that catch mistakes early, turned on for every target in one place.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// A dependency of a module that only the given package trait brings in.
func product(_ name: String, of package: String, trait: String) -> Target.Dependency {
  .product(name: name, package: package, condition: .when(traits: [trait]))
}

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
    .library(name: "CleanSlateVapor", targets: ["CleanSlateVapor"]),
    .library(name: "CleanSlateHummingbird", targets: ["CleanSlateHummingbird"]),
    .executable(name: "cleanslate", targets: ["CleanSlateCLI"]),
  ],
  // Each module with heavy dependencies sits behind a trait of its own, none enabled by default:
  // a package that uses only CleanSlateTesting or CleanSlateXCTest resolves and builds none of
  // them. Enable what you use on the package line: `traits: ["GRDB", "Postgres"]`.
  traits: [
    .trait(name: "GRDB", description: "CleanSlateGRDB: a fresh SQLite database per test (GRDB)."),
    .trait(
      name: "Postgres",
      description: "CleanSlatePostgres: a PostgreSQL database per test (PostgresNIO)."),
    .trait(
      name: "HTTP", description: "CleanSlateHTTP: a fake HTTP server per test (SwiftNIO)."),
    .trait(
      name: "LaunchedApp",
      description: "CleanSlateLaunchedApp: an executable launched per test (swift-subprocess)."),
    .trait(
      name: "Vapor",
      description: "CleanSlateVapor: a Vapor app per test, its database its own (Vapor, Fluent).",
      enabledTraits: ["Postgres"]),
    .trait(
      name: "Hummingbird",
      description:
        "CleanSlateHummingbird: a Hummingbird app per test (HummingbirdTesting), its PostgreSQL database its own.",
      enabledTraits: ["Postgres"]),
    .default(enabledTraits: []),
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
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
    .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
    .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
    .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
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
    // The one way CleanSlate's modules and tests start and await child processes (internal):
    // swift-subprocess, so that no child inherits another's descriptors and no wait holds one
    // of Swift concurrency's threads.
    .target(
      name: "CleanSlateChildProcess",
      dependencies: [
        "CleanSlate",
        .product(name: "Subprocess", package: "swift-subprocess"),
        // FilePath: the System framework on Apple platforms, swift-system elsewhere.
        .product(
          name: "SystemPackage", package: "swift-system",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ],
      swiftSettings: strictSettings
    ),

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
        "CleanSlateChildProcess",
        product("Subprocess", of: "swift-subprocess", trait: "LaunchedApp"),
        // FilePath: the System framework on Apple platforms, swift-system elsewhere.
        .product(
          name: "SystemPackage", package: "swift-system",
          condition: .when(
            platforms: [.linux, .windows, .android, .wasi, .openbsd], traits: ["LaunchedApp"])),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - Framework integrations
    .target(
      name: "CleanSlateXCTest",
      dependencies: ["CleanSlate", "CleanSlateXCTestLoading"],
      swiftSettings: strictSettings
    ),
    // Connects CleanSlateXCTest to XCTest when the test binary loads, before any test runs, so
    // that a failure in a plain XCTestCase is recorded at its line (internal, a few lines of C).
    .target(name: "CleanSlateXCTestLoading"),
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
        product("GRDB", of: "GRDB.swift", trait: "GRDB"),
        product("GRDBSQLite", of: "GRDB.swift", trait: "GRDB"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CleanSlatePostgres",
      dependencies: [
        "CleanSlate",
        "CleanSlateChildProcess",
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
        product("NIOCore", of: "swift-nio", trait: "Postgres"),
        product("NIOPosix", of: "swift-nio", trait: "Postgres"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - A fake HTTP server per test (SwiftNIO stays out of every other module)
    .target(
      name: "CleanSlateHTTP",
      dependencies: [
        "CleanSlate",
        product("HTTPTypes", of: "swift-http-types", trait: "HTTP"),
        product("NIOCore", of: "swift-nio", trait: "HTTP"),
        product("NIOPosix", of: "swift-nio", trait: "HTTP"),
        product("NIOHTTP1", of: "swift-nio", trait: "HTTP"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - Server apps per test (Vapor and Fluent, Hummingbird), each behind its trait
    .target(
      name: "CleanSlateVapor",
      dependencies: [
        "CleanSlate",
        "CleanSlatePostgres",
        product("Vapor", of: "vapor", trait: "Vapor"),
        product("Fluent", of: "fluent", trait: "Vapor"),
        product("FluentKit", of: "fluent-kit", trait: "Vapor"),
        product("FluentPostgresDriver", of: "fluent-postgres-driver", trait: "Vapor"),
        product("FluentSQLiteDriver", of: "fluent-sqlite-driver", trait: "Vapor"),
        product("PostgresNIO", of: "postgres-nio", trait: "Vapor"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "CleanSlateHummingbird",
      dependencies: [
        "CleanSlate",
        "CleanSlatePostgres",
        product("Hummingbird", of: "hummingbird", trait: "Hummingbird"),
        product("HummingbirdTesting", of: "hummingbird", trait: "Hummingbird"),
        // A ConfigReader's provider of a test database's settings.
        product("Configuration", of: "swift-configuration", trait: "Hummingbird"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - The runner side (internal), and the `cleanslate` command over it
    // The lifecycle trace, read: its processes and events, each test's span (what the test
    // processes, the timings and the report read), and the JSON text the reports write.
    .target(
      name: "CleanSlateTrace",
      dependencies: ["CleanSlate"],
      swiftSettings: strictSettings
    ),
    // The lifecycle report of a trace: the HTML page and the text of `cleanslate summary`.
    .target(
      name: "CleanSlateReport",
      dependencies: ["CleanSlate", "CleanSlateTrace"],
      swiftSettings: strictSettings
    ),
    // Runs a package's built tests as test processes, as `swift test` would start them (both
    // frameworks, filters, parallel, XUnit, event stream), reads each test's outcome, watches for
    // hangs, takes thread stacks and keeps crashes: what bisect, explain and the runner sit on.
    .target(
      name: "CleanSlateTestProcess",
      dependencies: ["CleanSlate", "CleanSlateChildProcess", "CleanSlateTrace"],
      swiftSettings: strictSettings
    ),
    // Finds the tests that make a test fail when they run before it (`cleanslate bisect`).
    .target(
      name: "CleanSlateBisect",
      dependencies: ["CleanSlate", "CleanSlateTestProcess"],
      swiftSettings: strictSettings
    ),
    // Runs a package's tests as a session (`cleanslate test`): selects and shards them, launches
    // them with retries, repeats and crashes kept, and reports (terminal, JUnit, JSON, HTML).
    .target(
      name: "CleanSlateRunner",
      dependencies: [
        "CleanSlate", "CleanSlateTestProcess", "CleanSlateTrace", "CleanSlateReport",
      ],
      swiftSettings: strictSettings
    ),
    // Tells why a test failed, by experiments on its runs (`cleanslate test --explain`).
    .target(
      name: "CleanSlateExplain",
      dependencies: [
        "CleanSlate", "CleanSlateTestProcess", "CleanSlateRunner", "CleanSlateTrace",
      ],
      swiftSettings: strictSettings
    ),
    // The system's SQLite, for the store of runs (libsqlite3-dev on Debian and Ubuntu).
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // The store of runs across sessions (`cleanslate test --history`): every session's results
    // in a SQLite file, or a PostgreSQL database with the Postgres trait; flaky and broken tests
    // ranked, the quarantine, new tests checked.
    .target(
      name: "CleanSlateHistory",
      dependencies: [
        "CleanSlate",
        "CleanSlateChildProcess",
        "CleanSlateTrace",
        "CleanSlateReport",
        "CleanSlateTestProcess",
        "CleanSlateExplain",
        "CleanSlateRunner",
        "CSQLite",
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
        product("NIOSSL", of: "swift-nio-ssl", trait: "Postgres"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "CleanSlateCLI",
      dependencies: [
        "CleanSlate",
        "CleanSlateTestProcess",
        "CleanSlateBisect",
        "CleanSlateTrace",
        "CleanSlateReport",
        "CleanSlateRunner",
        "CleanSlateExplain",
        "CleanSlateHistory",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: - Tests
    .testTarget(
      name: "CleanSlateTests",
      dependencies: [
        "CleanSlate",
        "CleanSlateChildProcess",
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
      dependencies: ["CleanSlate", "CleanSlateChildProcess"],
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
      dependencies: [
        "CleanSlate", "CleanSlateLaunchedApp", "CleanSlateTestApp", "CleanSlateTestSupport",
      ],
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
      dependencies: ["CleanSlate", "CleanSlateChildProcess", "CleanSlateTesting"],
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
    // What one rerun of one quick test costs, started directly and through `swift test` (run by
    // Benchmarks/run-rerun-cost.sh, debug build as users run it).
    .executableTarget(
      name: "CleanSlateRerunCost",
      dependencies: ["CleanSlate", "CleanSlateTestProcess"],
      path: "Tests/CleanSlateRerunCost",
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
      dependencies: [
        "CleanSlate", "CleanSlateTesting", "CleanSlateXCTest", "CleanSlateTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateTestProcessTests",
      dependencies: [
        "CleanSlate", "CleanSlateChildProcess", "CleanSlateTestProcess", "CleanSlateTrace",
        "CleanSlateTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateBisectTests",
      dependencies: [
        "CleanSlateBisect", "CleanSlateTestProcess", "CleanSlateTrace", "CleanSlateTestSupport",
        "CleanSlateCLI",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateRunnerTests",
      dependencies: [
        "CleanSlate", "CleanSlateChildProcess", "CleanSlateRunner", "CleanSlateTrace",
        "CleanSlateReport", "CleanSlateTestProcess", "CleanSlateTestSupport", "CleanSlateCLI",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateExplainTests",
      dependencies: [
        "CleanSlate", "CleanSlateChildProcess", "CleanSlateExplain", "CleanSlateRunner",
        "CleanSlateTrace", "CleanSlateReport",
        "CleanSlateTestProcess", "CleanSlateTestSupport", "CleanSlateCLI",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateHistoryTests",
      dependencies: [
        "CleanSlate", "CleanSlateHistory", "CleanSlateTestSupport", "CleanSlatePostgres",
        "CleanSlateTesting", "CleanSlateChildProcess", "CleanSlateHistoryProbe", "CleanSlateCLI",
        "CleanSlateExplain",
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
      ],
      swiftSettings: strictSettings
    ),
    // A writer of a store of runs, for the tests of writers at once and of one killed mid-write.
    .executableTarget(
      name: "CleanSlateHistoryProbe",
      dependencies: ["CleanSlateHistory"],
      path: "Tests/CleanSlateHistoryProbe",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateReportTests",
      dependencies: [
        "CleanSlate", "CleanSlateTrace", "CleanSlateReport", "CleanSlateTestSupport",
        "CleanSlateCLI",
      ],
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
        "CleanSlatePostgres", "CleanSlateChildProcess", "CleanSlateTesting", "CleanSlateXCTest",
        "CleanSlateTestSupport",
        "CleanSlatePostgresProbe",
      ],
      swiftSettings: strictSettings
    ),
    // A test process for the zero-config tests: takes the throwaway PostgreSQL server, prints
    // it, then exits, waits or dies; or runs a failed test whose database is kept.
    .executableTarget(
      name: "CleanSlatePostgresProbe",
      dependencies: [
        "CleanSlate", "CleanSlatePostgres", "CleanSlateTestSupport",
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
      ],
      path: "Tests/CleanSlatePostgresProbe",
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
    .testTarget(
      name: "CleanSlateVaporTests",
      dependencies: [
        "CleanSlateVapor", "CleanSlateChildProcess", "CleanSlateTesting", "CleanSlateXCTest",
        "CleanSlateTestSupport",
        "CleanSlateHTTP",
        product("VaporTesting", of: "vapor", trait: "Vapor"),
        product("XCTVapor", of: "vapor", trait: "Vapor"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CleanSlateHummingbirdTests",
      dependencies: [
        "CleanSlateHummingbird", "CleanSlateTesting", "CleanSlateTestSupport",
        // A Hummingbird app as the template builds one: settings through a ConfigReader, on
        // PostgreSQL (with the Postgres trait too).
        "CleanSlatePostgres",
        product("Configuration", of: "swift-configuration", trait: "Hummingbird"),
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
      ],
      swiftSettings: strictSettings
    ),
    // MARK: - The documentation's code examples, compiled by `swift build` and never run (in no
    // product): scripts/check-doc-examples.sh checks that every example of the DocC catalogs, and
    // of the server-app modules' comments, is in them. One target per catalog; an executable
    // where an example ends in statements after a declaration.
    .executableTarget(
      name: "CleanSlateDocExamples",
      dependencies: ["CleanSlate", "CleanSlateTesting", "CleanSlateXCTest"],
      path: "Tests/DocExamples/CleanSlate", swiftSettings: strictSettings),
    .target(
      name: "CleanSlateXCTestDocExamples", dependencies: ["CleanSlateXCTest"],
      path: "Tests/DocExamples/CleanSlateXCTest", swiftSettings: strictSettings),
    .target(
      name: "CleanSlateTestingDocExamples", dependencies: ["CleanSlateTesting"],
      path: "Tests/DocExamples/CleanSlateTesting", swiftSettings: strictSettings),
    .executableTarget(
      name: "CleanSlateLaunchDocExamples", dependencies: ["CleanSlateLaunch"],
      path: "Tests/DocExamples/CleanSlateLaunch", swiftSettings: strictSettings),
    .target(
      name: "CleanSlateLaunchedAppDocExamples",
      dependencies: ["CleanSlateLaunchedApp", "CleanSlateTesting", "CleanSlateXCTest"],
      path: "Tests/DocExamples/CleanSlateLaunchedApp", swiftSettings: strictSettings),
    .target(
      name: "CleanSlateGRDBDocExamples",
      dependencies: [
        "CleanSlateGRDB", "CleanSlateTesting", product("GRDB", of: "GRDB.swift", trait: "GRDB"),
      ],
      path: "Tests/DocExamples/CleanSlateGRDB", swiftSettings: strictSettings),
    .executableTarget(
      name: "CleanSlateHTTPDocExamples",
      dependencies: [
        "CleanSlateHTTP", "CleanSlateLaunchedApp", "CleanSlateTesting", "CleanSlateXCTest",
      ],
      path: "Tests/DocExamples/CleanSlateHTTP", swiftSettings: strictSettings),
    .target(
      name: "CleanSlatePostgresDocExamples",
      dependencies: [
        "CleanSlatePostgres", "CleanSlateTesting",
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
      ],
      path: "Tests/DocExamples/CleanSlatePostgres", swiftSettings: strictSettings),
    .target(
      name: "CleanSlateVaporDocExamples",
      dependencies: [
        "CleanSlateVapor", "CleanSlateTesting", "CleanSlateXCTest",
        product("Vapor", of: "vapor", trait: "Vapor"),
        product("VaporTesting", of: "vapor", trait: "Vapor"),
        product("XCTVapor", of: "vapor", trait: "Vapor"),
      ],
      path: "Tests/DocExamples/CleanSlateVapor", swiftSettings: strictSettings),
    .target(
      name: "CleanSlateHummingbirdDocExamples",
      dependencies: [
        "CleanSlateHummingbird", "CleanSlatePostgres", "CleanSlateTesting",
        product("Hummingbird", of: "hummingbird", trait: "Hummingbird"),
        product("HummingbirdTesting", of: "hummingbird", trait: "Hummingbird"),
        product("PostgresNIO", of: "postgres-nio", trait: "Postgres"),
        product("Configuration", of: "swift-configuration", trait: "Hummingbird"),
      ],
      path: "Tests/DocExamples/CleanSlateHummingbird", swiftSettings: strictSettings),
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
