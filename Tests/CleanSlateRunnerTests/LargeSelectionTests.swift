import CleanSlate
import Testing

@testable import CleanSlateRunner

/// A shard of thousands of tests runs in several `swift test`: SwiftPM hands the selected names to
/// the test process in one argument, which Linux caps at 128 KiB.
@Suite struct LargeSelectionTests {
  @Test func aLargeSelectionIsSplitIntoPartsWhoseFilterFitsOneArgument() {
    let tests = (1...5_000).map {
      TestName("SomeModuleTests.SomeRatherLongClassNameTests/testSomething\($0)")
    }

    let parts = SwiftSessionLauncher.parts(of: tests)

    #expect(parts.count > 1)
    #expect(parts.flatMap { $0 } == tests)
    #expect(parts.allSatisfy { TestName.filter(matching: $0).utf8.count < 100_000 })
    #expect(SwiftSessionLauncher.parts(of: Array(tests.prefix(10))) == [Array(tests.prefix(10))])
  }
}
