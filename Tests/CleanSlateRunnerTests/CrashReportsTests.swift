import CleanSlate
import CleanSlateChildProcess
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation
import Testing

/// A crash in what a run writes: JUnit (`<flakyFailure type="crash">` or `<failure type="crash">`
/// with the runtime's report on the tests it is held against, a `<testcase>` of its own for one
/// held against none) and the JSON summary (each test's crashed runs, and every crash).
@Suite struct CrashReportsTests {
  private static let report = """
    Program crashed: Bad pointer dereference at 0x0000000000000000 (signal 11)
    Thread 3 crashed:
      0 Registry.register(_:) at /src/Registry.swift:4:9
      1 closure #1 in static Helper.work() at /src/Tests.swift:9:5
    """

  /// A run of Swift Testing tests whose process crashed on a helper's thread while `a()` and
  /// `b()` ran, a crash that did not come back when they ran again.
  private func notReproduced() async throws -> SessionResult {
    let runner = SimulatedSuite(.swiftTesting) { test, attempt in
      switch test {
      case "T.S/a()": attempt == 1 ? .crash(named: false) : .pass
      case "T.S/b()": .slow
      default: .pass
      }
    }
    return try await TestSession(launcher: runner).run(["T.S/a()", "T.S/b()", "T.S/c()"])
  }

  @Test func junitHasAFlakyCrashOnEachTestItCouldHaveBeenWithTheRuntimesReport() async throws {
    let run = try await notReproduced()

    let failure =
      "crashed: its test process died of signal 11 (SIGSEGV) while 2 tests ran, none named by the crashed thread's frames: Bad pointer dereference at 0x0000000000000000"
    #expect(
      JUnitReport.xml(FinishedSession(run)) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cleanslate test" tests="3" failures="0" errors="0" skipped="0" time="1.500000">
          <testsuite name="T.S" tests="3" failures="0" errors="0" skipped="0" time="1.500000">
            <testcase classname="T.S" name="a()" time="0.500000">
              <flakyFailure message="\(failure)" type="crash">\(Self.report)</flakyFailure>
            </testcase>
            <testcase classname="T.S" name="b()" time="0.500000">
              <flakyFailure message="\(failure)" type="crash">\(Self.report)</flakyFailure>
            </testcase>
            <testcase classname="T.S" name="c()" time="0.500000"/>
          </testsuite>
        </testsuites>

        """)
  }

  @Test func theJSONSummaryCountsEachTestsCrashedRunsAndListsEveryCrash() async throws {
    let run = try await notReproduced()

    #expect(
      SummaryJSON.text(FinishedSession(run)) == #"""
        {"tests":[
        {"name":"T.S/a()","outcome":"flaky","runs":2,"failures":1,"duration":0.5,"crashes":1},
        {"name":"T.S/b()","outcome":"flaky","runs":2,"failures":1,"duration":0.5,"crashes":1},
        {"name":"T.S/c()","outcome":"passed","runs":1,"failures":0,"duration":0.5}
        ],"crashes":[
        {"repetition":1,"signal":11,"verdict":"notReproduced","tests":["T.S/a()","T.S/b()"],"running":["T.S/a()","T.S/b()"],"problem":"Bad pointer dereference at 0x0000000000000000","summary":"signal 11 (SIGSEGV) while 2 tests ran (T.S/a(), T.S/b()): Bad pointer dereference at 0x0000000000000000; no frame named one, and it did not come back when they ran again: a failed attempt of each.","backtrace":["Program crashed: Bad pointer dereference at 0x0000000000000000 (signal 11)","Thread 3 crashed:","  0 Registry.register(_:) at /src/Registry.swift:4:9","  1 closure #1 in static Helper.work() at /src/Tests.swift:9:5"]}
        ]}

        """#)
  }

  @Test func aPinnedCrashIsTheFailureOfItsTestAndSaysWhichFramePinnedIt() async throws {
    // Given an XCTest test whose crash its frame names, every time
    let runner = SimulatedSuite(.xcTest) { test, _ in test == "T.A/c" ? .crash(named: true) : .pass
    }
    let run = try await TestSession(launcher: runner).run(["T.A/c"])

    // Then JUnit fails it with the crash, and the JSON says how it was pinned
    #expect(
      JUnitReport.xml(FinishedSession(run)).contains(
        #"<failure message="crashed: its test process died of signal 11 (SIGSEGV): Bad pointer dereference at 0x0000000000000000" type="crash">Program crashed:"#
      ))
    #expect(
      SummaryJSON.text(FinishedSession(run)).contains(
        #"{"repetition":1,"signal":11,"verdict":"pinned","tests":["T.A/c"],"pinnedBy":"frame","frame":{"symbol":"A.c()","location":"/src/Tests.swift:9:5"},"running":["T.A/c"],"#
      ))
  }

  @Test func aCrashHeldAgainstNoTestIsATestCaseOfItsOwnInJUnit() {
    // Given a process that exited before its tests ended, while no test was running
    let crash = SessionCrash(
      TestCrash(termination: .exited(3), running: []), repetition: 2, blame: .noTestRunning)
    let run = SessionResult(
      records: [
        TestRecord(
          name: "T.A/testA", attempts: [.init(repetition: 1, end: .init(.passed, seconds: 1))])
      ], crashes: [crash])

    #expect(
      crash.line
        == "Crashed: exit status 3 before its tests ended in repetition 2 while no test was running; it is held against no test."
    )
    #expect(
      JUnitReport.xml(FinishedSession(run)) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cleanslate test" tests="2" failures="0" errors="1" skipped="0" time="1.000000">
          <testsuite name="T.A" tests="1" failures="0" errors="0" skipped="0" time="1.000000">
            <testcase classname="T.A" name="testA" time="1.000000"/>
          </testsuite>
          <testsuite name="cleanslate" tests="1" failures="0" errors="1" skipped="0" time="0.000000">
            <testcase classname="cleanslate" name="test process crash 1" time="0.000000">
              <error message="exit status 3 before its tests ended in repetition 2 while no test was running; it is held against no test." type="crash"></error>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    #expect(
      SummaryJSON.text(FinishedSession(run)).hasSuffix(
        #"""
        ],"crashes":[
        {"repetition":2,"exitStatus":3,"verdict":"noTestRunning","tests":[],"running":[],"summary":"exit status 3 before its tests ended in repetition 2 while no test was running; it is held against no test.","backtrace":[]}
        ]}

        """#))
    #expect(FinishedSession(run).fails())
  }

  @Test func aTestThatFailedInSomeRepetitionsHasOneVerdictEverywhere() {
    // Given a test that failed in 6 of 10 repetitions, and passed in the others
    let attempts = (1...10).map { repetition in
      TestRecord.Attempt(
        repetition: repetition,
        end: repetition <= 6
          ? .init(.failed, seconds: 1, failure: "boom \(repetition)") : .init(.passed, seconds: 1))
    }
    let run = SessionResult(records: [
      TestRecord(name: "T.A/testFlaky", attempts: attempts),
      TestRecord(name: "T.A/testOne", attempts: [.init(repetition: 1, end: .init(.passed))]),
    ])

    // Then the summary line, the JSON, JUnit and the exit status all say it failed
    #expect(
      SessionSummary(run).lines == [
        "Failed: T.A/testFlaky (6 of 10 repetitions failed, 4 passed): boom 6",
        "1 passed, 1 failed, 0 flaky, 0 skipped",
      ])
    #expect(
      SummaryJSON.text(FinishedSession(run)).contains(
        #"{"name":"T.A/testFlaky","outcome":"failed","runs":10,"failures":6,"duration":1.0}"#))
    let xml = JUnitReport.xml(FinishedSession(run))
    #expect(xml.contains(#"tests="2" failures="1""#))
    #expect(xml.components(separatedBy: "<failure ").count == 2)
    #expect(xml.components(separatedBy: "<rerunFailure ").count == 6)
    #expect(!xml.contains("flakyFailure"))
    #expect(FinishedSession(run).fails())
  }

  @Test func theHTMLReportHasACrashesSectionFromTheJSONSummary() async throws {
    // Given the JSON summary of a run with a crash
    let json = SummaryJSON.text(FinishedSession(try await notReproduced()))

    // When the report reads it
    let crashes = try #require(SummaryCrash.all(inSummary: Data(json.utf8)))
    let page = HTMLReport.render(LifecycleReport(TraceLog()), crashes: crashes)

    // Then it shows the summary's line and the runtime's report
    #expect(crashes.map(\.tests) == [["T.S/a()", "T.S/b()"]])
    #expect(page.contains("<section id=\"crashes\">\n<h2>Crashes (1)</h2>"))
    #expect(
      page.contains(
        "<dt>signal 11 (SIGSEGV) while 2 tests ran (T.S/a(), T.S/b()): Bad pointer dereference at 0x0000000000000000; no frame named one, and it did not come back when they ran again: a failed attempt of each.</dt>"
      ))
    #expect(
      page.contains(
        "<pre class=\"note\">Program crashed: Bad pointer dereference at 0x0000000000000000 (signal 11)\nThread 3 crashed:"
      ))
  }
}
