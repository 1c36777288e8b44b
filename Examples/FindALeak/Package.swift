// swift-tools-version: 6.1
import PackageDescription

// A greeter whose tests fail in the full run but pass alone: one test sets an environment
// variable and never restores it, in XCTest and in Swift Testing; another leaves a file in the
// temporary directory, which harms no one here. Find them, from the repository's root:
//
//   CLEANSLATE_SENTINEL=1 swift test --package-path Examples/FindALeak   # what each test leaves
//   swift run cleanslate bisect GreeterTests.WelcomeTests/testWelcomesInEnglishByDefault \
//     --package-path Examples/FindALeak                                  # which test it is
let package = Package(
  name: "FindALeak",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-clean-slate", path: "../..")],
  targets: [
    .target(name: "Greeter"),
    .testTarget(
      name: "GreeterTests",
      dependencies: [
        "Greeter",
        .product(name: "CleanSlateXCTest", package: "swift-clean-slate"),
        .product(name: "CleanSlateTesting", package: "swift-clean-slate"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
