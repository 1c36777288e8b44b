import CleanSlate
import CleanSlateExplain
import CleanSlateReport
import CleanSlateRunner
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation
import Testing

/// What `--explain` adds to every form a run writes: a paragraph in the human summary, `"cause"`
/// in `--summary-json`, a property and `<system-out>` in JUnit, a "Why flaky" section in the HTML
/// report, which reads the causes back from the JSON; what more a run needs, worded by the
/// reports.
@Suite struct ExplainedReportsTests {
  private static var cause: TestCause {
    var cause = TestCause(
      .order,
      summary:
        #"It passes alone (4 of 4 runs) and fails after Tests.A/testSets (2 of 2 runs), which leaves state behind: + LANG="fr" (added)."#,
      reproduce:
        #"CLEANSLATE_SENTINEL=1 swift test --skip-build --no-parallel --filter '^(Tests\.A/testSets|Tests\.A/testReads)$'"#
    )
    cause.polluters = ["Tests.A/testSets"]
    cause.state = #"+ LANG="fr" (added)"#
    cause.runs = [
      .init("alone", passed: true), .init("after Tests.A/testSets", passed: false, failure: "x"),
    ]
    cause.seconds = 3.456
    return cause
  }

  private let records = [
    TestRecord(
      name: "Tests.A/testSets", attempts: [.init(repetition: 1, end: .init(.passed))]),
    TestRecord(
      name: "Tests.A/testReads",
      attempts: [
        .init(repetition: 1, end: .init(.failed, seconds: 1, failure: "wrong language")),
        .init(repetition: 1, end: .init(.passed, seconds: 1)),
      ]),
  ]
  private let causes: [TestName: any ReportedCause] = ["Tests.A/testReads": cause]

  @Test func theHumanSummaryHasAParagraphForEachExplainedTest() {
    #expect(
      SessionSummary(records, causes: causes).lines == [
        "Flaky: Tests.A/testReads (2 attempts: failed, passed)",
        "Why flaky: Tests.A/testReads — order, decided by 2 runs in 3.46 s",
        #"  It passes alone (4 of 4 runs) and fails after Tests.A/testSets (2 of 2 runs), which leaves state behind: + LANG="fr" (added)."#,
        #"  Reproduce: CLEANSLATE_SENTINEL=1 swift test --skip-build --no-parallel --filter '^(Tests\.A/testSets|Tests\.A/testReads)$'"#,
        "1 passed, 0 failed, 1 flaky, 0 skipped",
      ])
  }

  @Test func anExplanationThatCouldNotDecideIsCountedInTheLastLine() {
    // Given a flaky test whose experiments decided nothing
    let unknown = TestCause(
      .unknown, summary: "It passed in every run the experiments made (40): it did not fail again.",
      reproduce: "swift test --skip-build --filter '^(Tests\\.A/testReads)$'")
    let records = [
      TestRecord(
        name: "Tests.A/testReads",
        attempts: [
          .init(repetition: 1, end: .init(.failed, seconds: 1, failure: "x")),
          .init(repetition: 1, end: .init(.passed, seconds: 1)),
        ])
    ]

    // When the run is summed up
    let last = SessionSummary(records, causes: ["Tests.A/testReads": unknown]).lines.last

    // Then the last line says one test was not explained, beside its counts
    #expect(last == "0 passed, 0 failed, 1 flaky, 0 skipped, 1 not explained")
  }

  @Test func theJSONSummaryGivesTheCauseWithItsEvidenceAndRuns() throws {
    let text = SummaryJSON.text(records, causes: causes)

    #expect(
      text.contains(
        #"{"name":"Tests.A/testReads","outcome":"flaky","runs":2,"failures":1,"duration":1.0,"cause":{"kind":"order","summary":"It passes alone (4 of 4 runs) and fails after Tests.A/testSets (2 of 2 runs), which leaves state behind: + LANG=\"fr\" (added).","reproduce":"CLEANSLATE_SENTINEL=1 swift test --skip-build --no-parallel --filter '^(Tests\\.A/testSets|Tests\\.A/testReads)$'","polluter":"Tests.A/testSets","state":"+ LANG=\"fr\" (added)","runs":[{"what":"alone","outcome":"passed"},{"what":"after Tests.A/testSets","outcome":"failed"}],"seconds":3.46}}"#
      ), "\(text)")
    // (and it reads back as it was, for the report)
    let explained = try #require(TestCause.explained(inSummary: Data(text.utf8)))
    var expected = Self.cause
    expected.runs = expected.runs.map { ExperimentRun($0.what, passed: $0.passed) }
    expected.seconds = 3.46
    #expect(explained.map(\.test) == ["Tests.A/testReads"])
    #expect(explained.first?.cause == expected)
  }

  @Test func junitHasTheCauseAsAPropertyAndItsParagraphInSystemOut() {
    let xml = JUnitReport.xml(records, causes: causes)

    #expect(
      xml.contains(
        """
            <testcase classname="Tests.A" name="testReads" time="1.000000">
              <properties><property name="cleanslate.cause" value="order"/></properties>
              <flakyFailure message="wrong language" type="failure"/>
              <system-out>Why flaky: Tests.A/testReads — order, decided by 2 runs in 3.46 s
          It passes alone (4 of 4 runs) and fails after Tests.A/testSets (2 of 2 runs), which leaves state behind: + LANG=&quot;fr&quot; (added).
          Reproduce: CLEANSLATE_SENTINEL=1 swift test --skip-build --no-parallel --filter &apos;^(Tests\\.A/testSets|Tests\\.A/testReads)$&apos;</system-out>
            </testcase>
        """.replacingOccurrences(of: "&apos;", with: "'")), "\(xml)")
  }

  @Test func theReportHasAWhyFlakySection() {
    let page = HTMLReport.render(
      LifecycleReport(TraceLog()), explained: [Self.cause.explanation(of: "Tests.A/testReads")])

    #expect(page.contains("<section id=\"why-flaky\">\n<h2>Why flaky</h2>"))
    #expect(
      page.contains(
        "<dt>Tests.A/testReads <span class=\"cause-order\">order, decided by 2 runs in 3.46 s</span></dt>"
      ))
    #expect(page.contains("which leaves state behind: + LANG=&quot;fr&quot; (added).</p>"))
    #expect(
      page.contains(
        #"<pre class="note">CLEANSLATE_SENTINEL=1 swift test --skip-build --no-parallel --filter &#39;^(Tests\.A/testSets|Tests\.A/testReads)$&#39;</pre>"#
      ))
  }

  /// A cause of each new kind, with its evidence, read back from the JSON as it was written.
  private static var newCauses: [TestCause] {
    var hash = TestCause(
      .hashOrder, summary: "Its outcome follows …", reproduce: "while x; do :; done")
    hash.deterministicHashing = .init(failures: 0, runs: 3)
    hash.randomHashing = .init(failures: 7, runs: 7)
    hash.testCase = "count → 4"
    var processes = TestCause(.parallelProcesses, summary: "It passes alone …", reproduce: "y")
    processes.beside = ["Tests.A/testHolds"]
    processes.shared = "the port 23811 (127.0.0.1:23811), which its failure names. Give …"
    return [hash, processes]
  }

  @Test func everyNewKindIsInTheJSONJUnitAndTheReport() throws {
    // Given a hash-order cause of one argument case, and a parallel cause across processes
    let records = Self.newCauses.indices.map { index in
      TestRecord(
        name: TestName("Tests.A/test\(index)"),
        attempts: [.init(repetition: 1, end: .init(.failed, seconds: 1, failure: "x"))])
    }
    var causes: [TestName: any ReportedCause] = [:]
    for (record, cause) in zip(records, Self.newCauses) { causes[record.name] = cause }

    // When the run writes its JSON summary, JUnit and the report
    let json = SummaryJSON.text(records, causes: causes)
    let xml = JUnitReport.xml(records, causes: causes)
    let page = HTMLReport.render(
      LifecycleReport(TraceLog()),
      explained: zip(records, Self.newCauses).map { $1.explanation(of: $0.name.listed) })

    // Then each kind, with its evidence, is in each
    #expect(json.contains(#""cause":{"kind":"hashOrder","#))
    #expect(
      json.contains(
        #""case":"count → 4","deterministicHashing":{"failures":0,"runs":3},"randomHashing":{"failures":7,"runs":7}"#
      ), "\(json)")
    #expect(json.contains(#""beside":["Tests.A/testHolds"],"shared":"the port 23811"#))
    let read = try #require(TestCause.explained(inSummary: Data(json.utf8)))
    #expect(read.map(\.cause.kind) == [.hashOrder, .parallelProcesses])
    #expect(read[0].cause.testCase == "count → 4")
    #expect(read[0].cause.deterministicHashing == .init(failures: 0, runs: 3))
    #expect(read[1].cause.shared == Self.newCauses[1].shared)
    #expect(xml.contains(#"<property name="cleanslate.cause" value="hashOrder"/>"#))
    #expect(xml.contains(#"<property name="cleanslate.cause" value="parallelProcesses"/>"#))
    #expect(xml.contains("Why flaky: Tests.A/test0 (count → 4) — hash order, decided by 0 runs"))
    #expect(xml.contains("  Shared: the port 23811 (127.0.0.1:23811), which its failure names."))
    #expect(page.contains(#"<span class="cause-parallelProcesses">parallel across processes, "#))
    #expect(page.contains("<p>Shared: the port 23811 (127.0.0.1:23811), which its failure names."))
  }

  @Test func whatARunWouldNeedIsWordedByTheReportsAndTheJSONKeepsIt() throws {
    // Given a cause that could not decide within its budget, and one whose runs the budget
    // bought but whose test failed less often than in the run
    var budget = TestCause(
      .unknown,
      summary: "No factor made a difference. It failed in 2 of 4 runs of the run: about 120 s",
      reproduce: "x")
    budget.advice = .budget(seconds: 120)
    var repeated = TestCause(
      .unknown, summary: "It failed less often in the experiments than in the run.",
      reproduce: "y")
    repeated.advice = .moreRepetitions

    // When the reports word them
    let paragraph = budget.paragraph(for: "Tests.A/testReads")
    let json = SummaryJSON.text(
      [TestRecord(name: "Tests.A/testReads")], causes: ["Tests.A/testReads": repeated])

    // Then the option is named by the reports, and the JSON reads back as it was said
    #expect(
      paragraph[1]
        == "  No factor made a difference. It failed in 2 of 4 runs of the run: about 120 s: give --explain-budget 120."
    )
    let read = try #require(TestCause.explained(inSummary: Data(json.utf8))?.first?.cause)
    #expect(
      read.summary
        == "It failed less often in the experiments than in the run. Run it with --repeat to see it fail more often, then explain it again."
    )
    #expect(read.wordedSummary == read.summary)
  }
}
