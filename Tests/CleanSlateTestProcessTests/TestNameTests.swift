import CleanSlate
import Testing

/// One test, every spelling: the name `swift test list` prints is the one value, and each tool's
/// way of naming the test — a filter, XCTest's lines, a trace, an XUnit file, a stack frame — is
/// read from it.
@Suite struct TestNameTests {
  @Test func anXCTestTestIsSpelledAsEachToolSpellsIt() {
    let test: TestName = "Shop.GreetingXCTests/testGreets"

    #expect(!test.isSwiftTesting)
    #expect(test.suite == "Shop.GreetingXCTests")
    #expect(test.function == "testGreets")
    #expect(test.filter == #"^(Shop\.GreetingXCTests/testGreets)$"#)
    #expect(
      test.xctestNames == ["GreetingXCTests.testGreets", "-[Shop.GreetingXCTests testGreets]"])
    #expect(test.isNamed("GreetingXCTests.testGreets"))
    #expect(test.traceKey == "GreetingXCTests.testGreets")
    #expect(TestName.traceKey("GreetingXCTests.testGreets") == test.traceKey)
    #expect(test.resultKey == "Shop.GreetingXCTests.testGreets")
    #expect(
      test.functionNames == ["GreetingXCTests.testGreets()", "Shop.GreetingXCTests.testGreets()"])
  }

  @Test func aSwiftTestingTestIsSpelledAsEachToolSpellsIt() {
    let test: TestName = "Shop.Suites/Orders/asJSON(count:)"

    #expect(test.isSwiftTesting)
    #expect(test.suite == "Shop.Suites/Orders")
    #expect(test.filter == #"^(Shop\.Suites/Orders/asJSON\(count:\)(/.*)?)$"#)
    #expect(test.traceKey == "Suites.Orders.asJSON(count:)")
    #expect(TestName.traceKey("Suites/Orders/asJSON(count:)") == test.traceKey)
    #expect(test.resultKey == TestName.resultKey("Shop.Suites.Orders/asJSON(count:)"))
    #expect(
      test.functionNames == ["Suites.Orders.asJSON(count:)", "Shop.Suites.Orders.asJSON(count:)"])
    #expect(
      TestName(swiftTestingID: "Shop.Suites/Orders/asJSON(count:)/Orders.swift:12:4") == test)
    #expect(TestName(swiftTestingID: "Shop.Suites/Orders") == nil)
  }

  @Test func aTestOutsideAnySuiteIsHeldByItsModule() {
    // Given a Swift Testing function declared at file scope
    let test: TestName = "Shop.adds(n:)"

    // Then its module holds it, and every tool's spelling is the function's
    #expect(test.isSwiftTesting)
    #expect(test.suite == "Shop")
    #expect(test.function == "adds(n:)")
    #expect(test.filter == #"^(Shop\.adds\(n:\)(/.*)?)$"#)
    #expect(test.xctestNames.isEmpty)
    #expect(test.traceKey == "adds(n:)")
    #expect(TestName.traceKey("adds(n:)") == test.traceKey)
    #expect(test.resultKey == "Shop.adds(n:)")
    #expect(test.functionNames == ["adds(n:)", "Shop.adds(n:)"])
    #expect(TestName(swiftTestingID: "Shop.adds(n:)/Free.swift:3:2") == test)
  }

  @Test func aRawIdentifierIsOneNameWhateverItHolds() {
    // Given raw identifiers holding a space, a slash and a dot, outside a suite and inside one
    let free: TestName = "Shop.`a/b.c`()"
    let inSuite: TestName = "Shop.`Odd Suite`/`x y`()"

    // Then a slash between backticks separates nothing
    #expect(free.suite == "Shop")
    #expect(free.function == "`a/b.c`()")
    #expect(free.traceKey == "`a/b.c`()")
    #expect(free.resultKey == "Shop.`a/b.c`()")
    #expect(free.filter == #"^(Shop\.`a/b\.c`\(\)(/.*)?)$"#)
    #expect(TestName(swiftTestingID: "Shop.`a/b.c`()/Free.swift:9:2") == free)
    #expect(inSuite.suite == "Shop.`Odd Suite`")
    #expect(inSuite.function == "`x y`()")
    #expect(inSuite.traceKey == "`Odd Suite`.`x y`()")
    #expect(inSuite.functionNames == ["`Odd Suite`.`x y`()", "Shop.`Odd Suite`.`x y`()"])
  }

  @Test func oneTestIsOneValueWhateverSpelledIt() {
    let listed = TestName("M.A/testB")

    #expect(listed == "M.A/testB")
    #expect(Set([listed, TestName("M.A/testB")]).count == 1)
    #expect(["M.A/testC", "M.A/testB"].sorted() == [listed, "M.A/testC"] as [TestName])
    #expect("\(listed)" == "M.A/testB")
  }
}
