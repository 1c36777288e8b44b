import CleanSlate
import Testing

@testable import CleanSlateRunner

/// The arguments after `--` go to every `swift test` run; the build and `swift test list` get
/// those that are not about running tests, so that they build and list what the runs use.
@Suite struct SwiftTestArgumentsTests {
  private let arguments = [
    "-c", "release", "--parallel", "--num-workers", "4", "--traits", "Postgres",
    "--xunit-output=out.xml", "--disable-xctest", "-Xswiftc", "-DFAST", "--ignore-lock",
  ]

  @Test func theBuildGetsItsOptionsOnly() {
    #expect(
      SwiftTestArguments.buildOptions(arguments) == [
        "-c", "release", "--traits", "Postgres", "-Xswiftc", "-DFAST", "--ignore-lock",
      ])
  }

  @Test func theListingGetsTheBuildOptionsAndTheFrameworkChoice() {
    #expect(
      SwiftTestArguments.listOptions(arguments) == [
        "-c", "release", "--traits", "Postgres", "--disable-xctest", "-Xswiftc", "-DFAST",
        "--ignore-lock",
      ])
  }
}

/// A shard of thousands of tests runs in several `swift test`: SwiftPM hands the selected names to
/// the test process in one argument, which Linux caps at 128 KiB.
@Suite struct LargeSelectionTests {
  @Test func aLargeSelectionIsSplitIntoPartsWhoseFilterFitsOneArgument() {
    let tests = (1...5_000).map {
      "SomeModuleTests.SomeRatherLongClassNameTests/testSomething\($0)"
    }

    let parts = SwiftTestBatchRunner.parts(of: tests)

    #expect(parts.count > 1)
    #expect(parts.flatMap { $0 } == tests)
    #expect(parts.allSatisfy { SwiftTestFilter.matching($0).utf8.count < 100_000 })
    #expect(SwiftTestBatchRunner.parts(of: Array(tests.prefix(10))) == [Array(tests.prefix(10))])
  }
}
