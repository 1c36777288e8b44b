// swift-tools-version: 6.1
import PackageDescription

// A package the store of runs is tested on as teams run it (CleanSlateHistoryTests): copied into
// a git repository of its own, built once, and tested from its own directory with relative
// paths. Its ledger test reads `ledger.txt` beside this file, so that a commit can break it
// without a build; its other test, when LEDGER_FIXTURE_JAM=1, makes every later launch of the
// cleanslate that started it fail. No dependency, so that it builds in seconds.
let package = Package(
  name: "LedgerFixture",
  targets: [.testTarget(name: "LedgerFixtureTests")],
  swiftLanguageModes: [.v6]
)
