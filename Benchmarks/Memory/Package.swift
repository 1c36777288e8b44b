// swift-tools-version: 6.1
import PackageDescription

// Memory and time of big Swift Testing suites, plain and through CleanSlate: a package of its
// own with no heavy dependency, so that it builds in a minute. Run it with
// `Benchmarks/run.sh 5 memory`; results go in BENCHMARKS.md.
let package = Package(
  name: "CleanSlateMemoryBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "swift-clean-slate", path: "../..")],
  targets: [
    .testTarget(
      name: "MemoryBenchmarks",
      dependencies: [.product(name: "CleanSlateTesting", package: "swift-clean-slate")]
    )
  ],
  swiftLanguageModes: [.v6]
)
