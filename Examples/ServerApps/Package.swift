// swift-tools-version: 6.1
import PackageDescription

// Three server apps tested with a clean slate per test, in parallel:
// - TodoServer, a Vapor + Fluent app whose configure picks in-memory SQLite under `.testing` and
//   migrates it itself, and whose route registration fills a global catalog (CleanSlateVapor,
//   with its default options; and on PostgreSQL, in Swift Testing and in XCTest);
// - NotesServer, a Hummingbird app built from a store (CleanSlateHummingbird);
// - TodoAPI, a Hummingbird app on PostgreSQL that reads its settings through a ConfigReader, as
//   the Hummingbird template builds apps (CleanSlateHummingbird and CleanSlatePostgres).
//
//   swift test --package-path Examples/ServerApps   # with PostgreSQL installed (zero-config),
//                                                   # or a server named by CLEANSLATE_POSTGRES_URL
let package = Package(
  name: "ServerApps",
  platforms: [.macOS(.v15)],
  dependencies: [
    // A checkout's package is named after its folder (`package: "main"` for `../main`), unless
    // the dependency names it, as here: the products below then say "swift-clean-slate", as they
    // do for the URL form. The Hummingbird trait brings Postgres with it.
    .package(name: "swift-clean-slate", path: "../..", traits: ["Vapor", "Hummingbird"]),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
    .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
    .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
  ],
  targets: [
    // A Vapor + Fluent app: todos on PostgreSQL (in-memory SQLite under `.testing`).
    .target(
      name: "TodoServer",
      dependencies: [
        .product(name: "Vapor", package: "vapor"),
        .product(name: "Fluent", package: "fluent"),
        .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
        .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
      ]
    ),
    .testTarget(
      name: "TodoServerTests",
      dependencies: [
        "TodoServer",
        .product(name: "CleanSlateVapor", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "VaporTesting", package: "vapor"),
        .product(name: "XCTVapor", package: "vapor"),
      ]
    ),
    // A Hummingbird app: notes in a store it is built with.
    .target(
      name: "NotesServer", dependencies: [.product(name: "Hummingbird", package: "hummingbird")]),
    .testTarget(
      name: "NotesServerTests",
      dependencies: [
        "NotesServer",
        .product(name: "CleanSlateHummingbird", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
    // A Hummingbird app on PostgreSQL, its settings read through a ConfigReader.
    .target(
      name: "TodoAPI",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Configuration", package: "swift-configuration"),
      ]
    ),
    .testTarget(
      name: "TodoAPITests",
      dependencies: [
        "TodoAPI",
        .product(name: "CleanSlateHummingbird", package: "swift-clean-slate"),
        .product(name: "CleanSlatePostgres", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Configuration", package: "swift-configuration"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
