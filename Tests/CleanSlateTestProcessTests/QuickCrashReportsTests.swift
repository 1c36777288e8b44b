import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlateTestProcess

/// A launch that asks for quick crash reports (what experiments do, since their runs crash often)
/// reads the same crash as the runtime's own report: the same test pinned by the same frame, the
/// same frames of the crashed thread, in XCTest and in Swift Testing (whose crashed thread runs
/// the test as async frames). Run on `Tests/RunnerFixture`, whose tests crash on demand.
@Suite(.serialized) struct QuickCrashReportsTests {
  /// The crash of `tests` (a filter) when `RUNNER_FIXTURE` asks `asks`, with or without quick
  /// reports.
  static func crash(
    of tests: [TestName], asks: String, quick: Bool, xctest: Bool
  ) async throws -> TestCrash {
    let fixture = try await BuiltPackage.tests(at: "Tests/RunnerFixture")
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-quick-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: work) }
    let launcher = await TestLauncher.forPackage(
      at: fixture, buildOptions: [], workDirectory: work, directory: fixture,
      environment: StartingEnvironment.variables)
    var request = LaunchRequest(tests)
    request.passthrough = xctest ? ["--disable-swift-testing"] : ["--disable-xctest"]
    request.hiddenVariables = ["RUNNER_FIXTURE": asks]
    request.quickCrashReports = quick
    let launch = try await launcher.launch(request)
    return try #require(launch.crashes.first)
  }

  /// The crashed thread's frames a reader is shown, each as its function and place.
  static func shown(_ crash: TestCrash) -> [String] {
    (crash.backtrace?.frames ?? []).filter(\.isMeaningful).prefix { !$0.isInTestFramework }
      .map(\.shortText)
  }

  @Test func aSwiftTestingCrashReadsTheSameWhetherTheRuntimeOrTheLaunchNamesItsFrames()
    async throws
  {
    // Given a Swift Testing test that crashes while its partner runs beside it
    let tests = [
      TestName("RunnerFixtureTests.CrashSuite/crashesBeside()"),
      TestName("RunnerFixtureTests.CrashSuite/partner()"),
    ]

    // When it crashes with the runtime's report, and with a quick one
    let full = try await Self.crash(of: tests, asks: "crash-beside", quick: false, xctest: false)
    let quick = try await Self.crash(of: tests, asks: "crash-beside", quick: true, xctest: false)

    // Then both are pinned on it by its own frame, and show the same frames
    #expect(full.test == tests[0])
    #expect(quick.test == tests[0])
    #expect(quick.termination == full.termination)
    #expect(quick.backtrace?.fatalError == full.backtrace?.fatalError)
    guard case .frame(let frame)? = quick.evidence else {
      Issue.record("not pinned by a frame: \(String(describing: quick.evidence))")
      return
    }
    #expect(frame.symbol.contains("CrashSuite.crashesBeside()"))
    #expect(frame.location?.contains("CrashSuite.swift:") == true)
    #expect(Self.shown(quick) == Self.shown(full), "\(quick.excerpt) vs \(full.excerpt)")
  }

  @Test func anXCTestCrashReadsTheSameWhetherTheRuntimeOrTheLaunchNamesItsFrames() async throws {
    // Given an XCTest test that crashes
    let tests = [TestName("RunnerFixtureTests.AlphaTests/testCrashes")]

    // When it crashes with the runtime's report, and with a quick one
    let full = try await Self.crash(of: tests, asks: "crash", quick: false, xctest: true)
    let quick = try await Self.crash(of: tests, asks: "crash", quick: true, xctest: true)

    // Then both are pinned on it, at the line that crashed, and show the same frames
    #expect(quick.test == full.test)
    #expect(quick.backtrace?.fatalErrorMessage == full.backtrace?.fatalErrorMessage)
    let place = quick.backtrace?.frames.first { $0.symbol == "AlphaTests.testCrashes()" }
    #expect(place?.location?.hasSuffix("AlphaTests.swift:19:34") == true, "\(quick.excerpt)")
    #expect(Self.shown(quick) == Self.shown(full), "\(quick.excerpt) vs \(full.excerpt)")
  }

  // MARK: - Reading a quick report

  /// A quick report as the runtime writes it: the crashed thread's addresses, and its images.
  static let report = """
    *** Signal 11: Backtracing from 0x7f2823540961... done ***

    *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

    Thread 4 "oot.default-qos" crashed:

     0         0x00007f2823540961
     1 [ra]    0x000055adc71186f1
     2 [async] 0x000055adc5add000
     3 [ra]    0x000055adc5add000
    36         ...


    Images (22 omitted):

    0x000055adc5add000–0x000055adc8f093f8 f795a3782363cd6bc2cdae47ff13d14dfafb59bf App.xctest /build/debug/App.xctest
    0x00007f2823200000–0x00007f28237d2d40 b521f25fdeacf504eca83d97c7308e8fc11be729 libswiftCore.so /nonexistent/lib/libswiftCore.so

    Backtrace took 0.08s
    """

  @Test func aQuickReportsImagesAndAddressFramesAreReadAsTheRuntimeWroteThem() {
    // Given a quick report
    let lines = Self.report.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)

    // When its images and frames are read
    let images = QuickCrashReports.images(in: lines)
    let frames = lines.compactMap(QuickCrashReports.AddressFrame.init(line:))

    // Then each image has its range and path, and each frame its marks and address; a return
    // address's call is the instruction before it, a resume point's is where it says
    #expect(images.map(\.name) == ["App.xctest", "libswiftCore.so"])
    #expect(images.first?.path == "/build/debug/App.xctest")
    #expect(images.first?.start == 0x0000_55ad_c5ad_d000)
    #expect(frames.map(\.index) == [0, 1, 2, 3])
    #expect(frames[1].marks == ["ra"])
    #expect(frames[1].call == 0x0000_55ad_c711_86f0)
    #expect(frames[2].call == frames[2].address)
    #expect(images.first?.contains(frames[3].address) == true)
    #expect(QuickCrashReports.AddressFrame(line: "  1 [ra] 0x000055 f() in App.xctest") == nil)
  }

  @Test func aReportWithoutImagesOrWhoseFramesCannotBeNamedStaysAsItWas() async {
    // Given a runtime's report without images, and a quick one whose binary is not on disk
    let named = "Thread 0 crashed:\n\n  0 0x0000000000000001 f() + 1 in App.xctest\n"
    let missing = Self.report

    // When they are named
    // Then neither changes, and a return address at the image's first byte does not trap
    #expect(await QuickCrashReports.symbolized(named) == named)
    #expect(await QuickCrashReports.symbolized(missing) == missing)
  }

  @Test func aNamedFrameIsWrittenAsTheRuntimeWritesIt() throws {
    // Given an address frame and what the debug information says of it
    let frame = try #require(QuickCrashReports.AddressFrame(line: "  7 [ra]    0x000055c457ea589a"))
    let place = DebugSymbols.Place(
      function: "configure(_:)", file: "/src/configure.swift", line: 20, column: 11)
    let generated = DebugSymbols.Place(
      function: "partial apply for closure #1 in f()", file: "/<compiler-generated>", line: 0,
      column: 0)

    // When it is written
    let line = frame.line(named: place, in: "App.xctest")

    // Then the backtrace reader reads the function, image and place back; compiler-generated
    // machinery is marked so
    let read = try #require(
      CrashBacktrace(standardError: "Thread 0 crashed:\n\n\(line)\n")?.frames.first)
    #expect(
      read
        == .init(
          index: 7, marks: ["ra"], symbol: "configure(_:)", image: "App.xctest",
          location: "/src/configure.swift:20:11"))
    let thunk = try #require(
      CrashBacktrace(
        standardError: "Thread 0 crashed:\n\n\(frame.line(named: generated, in: "App.xctest"))\n"
      )?.frames.first)
    #expect(thunk.marks == ["ra", "system", "thunk"])
    #expect(!thunk.isMeaningful)
  }
}
