import CleanSlate
import Testing

@testable import CleanSlateTestProcess

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
