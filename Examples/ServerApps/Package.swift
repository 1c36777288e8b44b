// swift-tools-version: 6.1
import PackageDescription

// Two server apps tested with a clean slate per test: a Vapor + Fluent app on PostgreSQL
// (CleanSlateVapor, in Swift Testing and in XCTest) and a Hummingbird app (CleanSlateHummingbird).
//
//   swift test --package-path Examples/ServerApps   # with PostgreSQL installed (zero-config),
//                                                   # or a server named by CLEANSLATE_POSTGRES_URL
let package = Package(
  name: "ServerApps",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-clean-slate", path: "../..", traits: ["Vapor", "Hummingbird"]),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
    .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
    .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
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
  ],
  swiftLanguageModes: [.v6]
)
