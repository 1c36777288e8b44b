// swift-tools-version: 6.1
import PackageDescription

// A command-line to-do app that keeps its items in a data directory and its settings in
// UserDefaults, and resets both on launch when a test asks (CleanSlateLaunch). Its end-to-end
// tests launch the built app for every test, in XCTest and in Swift Testing:
//
//   swift test --package-path Examples/TodoApp
let package = Package(
  name: "TodoApp",
  platforms: [.macOS(.v13)],
  // CleanSlateLaunchedApp sits behind the package trait of the same name.
  dependencies: [
    .package(name: "swift-clean-slate", path: "../..", traits: ["LaunchedApp"])
  ],
  targets: [
    .executableTarget(
      name: "TodoApp",
      dependencies: [.product(name: "CleanSlateLaunch", package: "swift-clean-slate")]
    ),
    .testTarget(
      name: "TodoAppTests",
      dependencies: [
        "TodoApp",  // so that `swift test` builds the app the tests launch
        .product(name: "CleanSlateLaunchedApp", package: "swift-clean-slate"),
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
