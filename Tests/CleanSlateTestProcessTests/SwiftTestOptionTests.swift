import CleanSlate
import Testing

@testable import CleanSlateTestProcess

/// One table of `swift test`'s options: every command line `cleanslate` reads or passes on is
/// read through it — what the build and the listing get, what runs one test at a time leave out,
/// what `cleanslate test` takes only before `--`, what needs a whole `swift test`.
@Suite struct SwiftTestOptionTests {
  @Test func anOptionsValueIsReadWithItWhetherGivenApartOrAfterAnEqualsSign() {
    let parsed = SwiftTestArgument.parse(["--filter", "A", "--traits=Postgres", "--parallel", "x"])

    #expect(parsed.map(\.name) == ["--filter", "--traits", "--parallel", "x"])
    #expect(parsed.map(\.value) == ["A", "Postgres", nil, nil])
    #expect(
      parsed.map(\.words) == [["--filter", "A"], ["--traits=Postgres"], ["--parallel"], ["x"]])
    #expect(parsed.map(\.stage) == [.run, .build, .run, .build])
  }

  @Test func runsOfOneTestAtATimeLeaveOutWhatChoosesParallelism() {
    #expect(
      SwiftTestArguments.withoutParallelism(["--parallel", "-c", "release", "--no-parallel"])
        == ["-c", "release"])
  }

  @Test func theOptionsCleanSlateTakesBeforeDashDashSayWhy() {
    #expect(SwiftTestArguments.ownedByCleanSlate(["-c", "release"]) == nil)
    let owned = SwiftTestArguments.ownedByCleanSlate(["--parallel", "--xunit-output=x.xml"])
    #expect(owned?.option == "--xunit-output")
    #expect(
      owned?.why == "replaces the file cleanslate test reads: give --junit to cleanslate test")
    #expect(SwiftTestArguments.ownedByCleanSlate(["--skip", "A"])?.option == "--skip")
  }

  @Test func whetherTestsRunAtOnceFollowsTheFrameworkAndTheOptions() {
    let xctest: TestName = "M.A/testB"
    let swiftTesting: TestName = "M.S/b()"

    #expect(!SwiftTestOptions(parsing: []).runsAtOnce(xctest))
    #expect(SwiftTestOptions(parsing: []).runsAtOnce(swiftTesting))
    #expect(SwiftTestOptions(parsing: ["--parallel"]).runsAtOnce(xctest))
    #expect(!SwiftTestOptions(parsing: ["--no-parallel"]).runsAtOnce(swiftTesting))
  }

  @Test func whatNeedsAWholeSwiftTestSaysWhy() {
    #expect(
      SwiftTestOptions(parsing: ["test", "--enable-code-coverage"]).needsSwiftTest
        == "--enable-code-coverage: code coverage is collected by swift test")
    #expect(SwiftTestOptions(parsing: ["test", "--filter", "A"]).needsSwiftTest == nil)
  }
}
