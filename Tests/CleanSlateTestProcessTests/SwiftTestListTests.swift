import CleanSlate
import Testing

@testable import CleanSlateTestProcess

/// What `swift test list` prints is the selection: every test of every form, each once, and no
/// line of the build's.
@Suite struct SwiftTestListTests {
  @Test func everyFormOfTestIsReadAndTheBuildsLinesAreNot() {
    // Given what `swift test list` printed after a build, tests of every form among its lines
    let output = """
      [1/3] Compiling FormsTests Suites.swift
      warning: 'forms': found 1 file(s) which are unhandled
      Build complete! (0.52s)
      FormsTests.BaseCase/testInherited
      FormsTests.StructSuite/Nested/deep()
      FormsTests.adds()
      FormsTests.parameterized(n:)
      FormsTests.`adds two numbers`()
      FormsTests.`a/b.c`()
      FormsTests.`Odd Suite`/`x y`()
      FormsTests.privateInsideIf()
      FormsTests.privateInsideIf()
      error: something went wrong (in a file.swift)
      Test Suite 'All tests' started at 2026-12-07 10:00:00.000

      """

    // Then each test is read once, in order, and nothing else
    #expect(
      SwiftTestList.names(in: output).map(\.listed) == [
        "FormsTests.BaseCase/testInherited", "FormsTests.StructSuite/Nested/deep()",
        "FormsTests.adds()", "FormsTests.parameterized(n:)", "FormsTests.`adds two numbers`()",
        "FormsTests.`a/b.c`()", "FormsTests.`Odd Suite`/`x y`()", "FormsTests.privateInsideIf()",
      ])
  }
}
