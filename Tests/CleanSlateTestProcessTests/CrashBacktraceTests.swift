import CleanSlate
import CleanSlateTestProcess
import Testing

/// The Swift runtime's report of a crash, read from real backtraces of both frameworks: the fatal
/// error, the signal, the crashed thread's frames (not the other threads'), a short excerpt, and
/// the running test a frame names.
@Suite struct CrashBacktraceTests {
  /// Every test of the scratch package the Swift Testing backtraces came from.
  static let scratchTests: [TestName] = [
    "CrashScratchTests.CrashSuite/Inner/nested()", "CrashScratchTests.CrashSuite/asyncCrash()",
    "CrashScratchTests.CrashSuite/background()", "CrashScratchTests.CrashSuite/detachedTask()",
    "CrashScratchTests.CrashSuite/direct()", "CrashScratchTests.CrashSuite/inCalledCode()",
    "CrashScratchTests.CrashSuite/inClosure()",
    "CrashScratchTests.CrashSuite/parameterized(value:)",
    "CrashScratchTests.CrashSuite/segfault()", "CrashScratchTests.RaceSuite/a(i:)",
    "CrashScratchTests.RaceSuite/b(i:)", "CrashScratchTests.freeFunction()",
  ]

  @Test func anXCTestCrashGivesItsFatalErrorSignalAndCrashedThread() throws {
    let backtrace = try #require(
      CrashBacktrace(standardError: CapturedBacktraces.xcTestFatalError))

    #expect(
      backtrace.fatalError
        == "RunnerFixtureTests/AlphaTests.swift:19: Fatal error: crashes on purpose"
    )
    #expect(backtrace.fatalErrorMessage == "Fatal error: crashes on purpose (AlphaTests.swift:19)")
    #expect(backtrace.signal == 4)
    #expect(backtrace.problem == "Illegal instruction at 0x00007f096cef9361")
    #expect(backtrace.thread == #"Thread 0 "RunnerFixturePa""#)
    #expect(backtrace.frames.map(\.index) == [0, 1, 2, 3, 4])
    #expect(
      backtrace.frames[1]
        == CrashBacktrace.Frame(
          index: 1, marks: ["ra"], symbol: "AlphaTests.testCrashes()",
          image: "RunnerFixturePackageTests.xctest",
          location: "/src/RunnerFixture/Tests/RunnerFixtureTests/AlphaTests.swift:19:34"))
    #expect(backtrace.frames[2].marks == ["ra", "system"])
  }

  @Test func theExcerptKeepsTheMeaningfulFramesUpToTheTestFrameworks() throws {
    let xcTest = try #require(CrashBacktrace(standardError: CapturedBacktraces.xcTestFatalError))
    let swiftTesting = try #require(
      CrashBacktrace(standardError: CapturedBacktraces.swiftTestingDirect))

    // (system frames, thunks and the test macros' mangled functions left out; the frames below
    // Swift Testing's runner too)
    #expect(
      xcTest.excerpt() == [
        "Fatal error: crashes on purpose (AlphaTests.swift:19)",
        "Program crashed: Illegal instruction at 0x00007f096cef9361 (signal 4)",
        #"Thread 0 "RunnerFixturePa" crashed:"#,
        "  0 _assertionFailure(_:_:file:line:flags:) in libswiftCore.so",
        "  1 AlphaTests.testCrashes() at /src/RunnerFixture/Tests/RunnerFixtureTests/AlphaTests.swift:19:34",
      ])
    #expect(
      swiftTesting.excerpt() == [
        "Fatal error: direct crash (CrashSuite.swift:9)",
        "Program crashed: Illegal instruction at 0x00007f200f4f9361 (signal 4)",
        #"Thread 4 "oot.default-qos" crashed:"#,
        "  0 _assertionFailure(_:_:file:line:flags:) in libswiftCore.so",
        "  1 CrashSuite.direct() at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:9:29",
      ])
  }

  @Test func aCrashInCodeTheTestCalledKeepsThoseFramesFirst() throws {
    let backtrace = try #require(
      CrashBacktrace(standardError: CapturedBacktraces.swiftTestingCalledCode))

    #expect(
      backtrace.excerpt(limit: 6) == [
        "Fatal error: Index out of range (ContiguousArrayBuffer.swift:692)",
        "Program crashed: Illegal instruction at 0x00007f2c4616df7f (signal 4)",
        #"Thread 4 "oot.default-qos" crashed:"#,
        "  0 closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) in libswiftCore.so",
        "  1 _assertionFailure(_:_:file:line:flags:) in libswiftCore.so",
        "  2 specialized Array.subscript.getter in libswiftSwiftOnoneSupport.so",
        "  3 Parser.deeper(_:) at /src/CrashScratch/Sources/Helpers/Parser.swift:8:11",
        "  4 Parser.parse(_:) at /src/CrashScratch/Sources/Helpers/Parser.swift:5:12",
        "  5 CrashSuite.inCalledCode() at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:13:42",
      ])
  }

  // (each sample by its name, so that the test's name does not print a whole backtrace)
  @Test(arguments: [
    ("xcTestFatalError", "RunnerFixtureTests.AlphaTests/testCrashes", 1),
    ("xcTestAsync", "CrashScratchTests.XCrashTests/testAsyncCrash", 1),
    ("xcTestIndexOutOfRange", "CrashScratchTests.XCrashTests/testThrowsCrash", 3),
    ("swiftTestingDirect", "CrashScratchTests.CrashSuite/direct()", 1),
    ("swiftTestingCalledCode", "CrashScratchTests.CrashSuite/inCalledCode()", 5),
    ("swiftTestingClosure", "CrashScratchTests.CrashSuite/inClosure()", 1),
    ("swiftTestingParameterized", "CrashScratchTests.CrashSuite/parameterized(value:)", 1),
    ("swiftTestingNested", "CrashScratchTests.CrashSuite/Inner/nested()", 1),
    ("swiftTestingFreeFunction", "CrashScratchTests.freeFunction()", 1),
    ("swiftTestingDetachedTask", "CrashScratchTests.CrashSuite/detachedTask()", 1),
    ("raceSegmentationFault", "CrashScratchTests.RaceSuite/a(i:)", 2),
  ])
  func theInnermostFrameThatNamesARunningTestPinsIt(
    sample: String, test: String, frame: Int
  )
    throws
  {
    let standardError = try #require(CapturedBacktraces.named[sample])
    let backtrace = try #require(CrashBacktrace(standardError: standardError))
    let running: [TestName] =
      Self.scratchTests + [
        "RunnerFixtureTests.AlphaTests/testCrashes", "RunnerFixtureTests.AlphaTests/testOne",
        "CrashScratchTests.XCrashTests/testAsyncCrash",
        "CrashScratchTests.XCrashTests/testThrowsCrash",
      ]

    let found = backtrace.frame(namingOneOf: running)

    #expect(found?.test == TestName(test))
    #expect(found?.frame.index == frame)
  }

  @Test func aCrashOnAHelpersThreadNamesNoTest() throws {
    let backtrace = try #require(CrashBacktrace(standardError: CapturedBacktraces.helperThread))

    #expect(backtrace.signal == 4)
    #expect(backtrace.frames.first?.symbol == "_assertionFailure(_:_:file:line:flags:)")
    #expect(
      backtrace.frame(namingOneOf: [
        "RunnerFixtureTests.CrashSuite/partner()",
        "RunnerFixtureTests.CrashSuite/crashesOnAThread()",
      ]) == nil)
  }

  @Test func aFrameNamesATestOnlyAtWordBoundariesWithOrWithoutItsModule() {
    func backtrace(_ symbols: String...) -> CrashBacktrace {
      CrashBacktrace(
        frames: symbols.enumerated().map { .init(index: $0, symbol: $1, image: "T.xctest") })
    }
    let test: TestName = "Module.Suite/test()"

    #expect(backtrace("Module.Suite.test()").frame(namingOneOf: [test])?.test == test)
    #expect(
      backtrace("(1) suspend resume partial function for Suite.test()")
        .frame(namingOneOf: [test])?.test == test)
    #expect(backtrace("OtherSuite.test()").frame(namingOneOf: [test]) == nil)
    #expect(backtrace("Suite.test()2").frame(namingOneOf: [test]) == nil)
    #expect(backtrace("Other.Suite.test()").frame(namingOneOf: [test]) == nil)
    #expect(
      backtrace("helper()", "closure #1 in A.testX()").frame(namingOneOf: ["M.A/testX"])?.frame
        .index == 1)
  }

  @Test func outputWithoutACrashHasNoBacktrace() {
    #expect(CrashBacktrace(standardError: "") == nil)
    #expect(CrashBacktrace(standardError: "Test Suite 'All tests' passed\n") == nil)
  }

  @Test func aFatalErrorWithoutTheBacktracerIsStillRead() throws {
    let backtrace = try #require(
      CrashBacktrace(
        standardError: "Swift/Optional.swift:12: Fatal error: Unexpectedly found nil\n"))

    #expect(backtrace.frames.isEmpty)
    #expect(backtrace.excerpt() == ["Fatal error: Unexpectedly found nil (Optional.swift:12)"])
  }
}
