import CleanSlate
import CleanSlateTrace
import Foundation

/// Renders a ``LifecycleReport`` as one self-contained HTML page: inline CSS, script and data,
/// nothing loaded from the network (its content security policy forbids it), so that it opens
/// from disk and can be attached to a CI run.
///
/// The tables (problems, fixtures by time, slowest tests) are plain HTML. The timeline is drawn
/// by the page's script from the embedded data, only for the part in view: tests too narrow to
/// see are merged into one mark per few pixels, so a trace of 100,000 events stays responsive.
package enum HTMLReport {
  /// The page; with `explained` (why `cleanslate test --explain` said each test failed), a "Why
  /// flaky" section after the problems; with `crashes` (the crashes of test processes a
  /// `cleanslate test` summary lists), a "Crashes" section after it; with `stoppedEarly` (a
  /// session a signal stopped, in a sentence each), a "Stopped early" section first, so that a
  /// page of a run cut short never reads as a whole one.
  package static func render(
    _ report: LifecycleReport, title: String = "Lifecycle report",
    explained: [TestExplanation] = [], crashes: [SummaryCrash] = [], stoppedEarly: [String] = []
  )
    -> String
  {
    var html = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escapeHTML(title)) — CleanSlate</title>
      <style>\(HTMLAssets.css)</style>
      </head>
      <body>
      <header>
      <h1>\(escapeHTML(title))</h1>
      <p class="counts">\(counts(report))</p>
      </header>

      """
    if !stoppedEarly.isEmpty {
      html += "<section id=\"stopped-early\"><h2>Stopped early</h2><ul>"
      for line in stoppedEarly { html += "<li>\(escapeHTML(line))</li>" }
      html += "</ul></section>\n"
    }
    if !report.warnings.isEmpty {
      html += "<section id=\"warnings\"><h2>Warnings</h2><ul>"
      for warning in report.warnings { html += "<li>\(escapeHTML(warning))</li>" }
      html += "</ul></section>\n"
    }
    html += """
      <section id="timeline">
      <h2>Timeline</h2>
      <div class="toolbar"><button type="button" id="zoom-all">Show all</button> <button type="button" id="zoom-in" title="Zoom in (or the mouse wheel)">+</button> <button type="button" id="zoom-out" title="Zoom out">−</button> <span class="hint">Wheel to zoom, drag to pan, click a test for its details.</span>
      <span class="legend"><i class="seg-setup"></i>setup <i class="seg-shared"></i>shared setup <i class="seg-body"></i>body <i class="seg-teardown"></i>teardown <i class="seg-wait"></i>waiting <i class="o-failed"></i>failed <i class="o-timedOut"></i>timed out <i class="o-skipped"></i>skipped <i class="o-knownIssue"></i>known issue</span></div>
      <div id="runs"></div>
      <noscript><p>The timeline needs JavaScript; the tables below do not.</p></noscript>
      </section>
      <aside id="panel" hidden></aside>

      """
    html += problemsSection(report)
    if !explained.isEmpty { html += whyFlakySection(explained) }
    if !crashes.isEmpty { html += crashesSection(crashes) }
    html += fixturesSection(report)
    html += waitsSection(report)
    html += slowestSection(report)
    html += "<script type=\"application/json\" id=\"report-data\">"
    html += data(report)
    html += "</script>\n<script>\(HTMLAssets.script)</script>\n</body>\n</html>\n"
    return html
  }

  // MARK: - Tables

  private static func counts(_ report: LifecycleReport) -> String {
    let summary = report.summary
    var parts = [
      "\(summary.tests) tests", "\(summary.failedTests) failed",
    ]
    if summary.skippedTests > 0 { parts.append("\(summary.skippedTests) skipped") }
    if summary.knownIssueTests > 0 { parts.append("\(summary.knownIssueTests) known issues") }
    parts.append("\(summary.timedOutTeardowns) teardowns timed out")
    parts.append(
      "\(report.processes.count) process\(report.processes.count == 1 ? "" : "es")")
    return parts.joined(separator: " · ")
  }

  private static func problemsSection(_ report: LifecycleReport) -> String {
    var html = "<section id=\"problems\">\n<h2>Problems</h2>\n"
    guard !report.problems.isEmpty else {
      return html
        + "<p class=\"none\">No failures, timeouts, leftover work or leaks.</p>\n</section>\n"
    }
    let titles: [LifecycleReport.Problem.Kind: String] = [
      .failure: "Failures", .teardownTimeout: "Teardown timeouts",
      .leftoverWork: "Leftover async work", .leak: "Leaks",
    ]
    for kind in LifecycleReport.Problem.Kind.allCases {
      let problems = report.problems.filter { $0.kind == kind }
      guard !problems.isEmpty else { continue }
      html +=
        "<h3>\(titles[kind]!) (\(problems.count))</h3>\n<ul class=\"problems \(kind.rawValue)\">\n"
      for problem in problems {
        let subject =
          problem.test.map { "<a href=\"#test-\($0)\">\(escapeHTML(problem.subject))</a>" }
          ?? escapeHTML(problem.subject)
        let firstLine = problem.message.split(separator: "\n").first.map(String.init) ?? ""
        html += "<li>\(subject): \(escapeHTML(firstLine))"
        if let location = problem.location {
          html += " <span class=\"at\">\(escapeHTML(location))</span>"
        }
        for note in problem.notes { html += "<pre class=\"note\">\(escapeHTML(note))</pre>" }
        html += "</li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</section>\n"
  }

  private static func whyFlakySection(_ explained: [TestExplanation]) -> String {
    var html = "<section id=\"why-flaky\">\n<h2>Why flaky</h2>\n<dl class=\"causes\">\n"
    for cause in explained {
      html += "<dt>\(escapeHTML(cause.test)) <span class=\"cause-\(cause.kind)\">"
      html += "\(escapeHTML(cause.heading))</span></dt>\n"
      html += "<dd><p>\(escapeHTML(cause.summary))</p>"
      if let shared = cause.shared { html += "<p>Shared: \(escapeHTML(shared))</p>" }
      if !cause.reproduce.isEmpty {
        html +=
          "<p class=\"note\">Reproduce:</p><pre class=\"note\">\(escapeHTML(cause.reproduce))</pre>"
      }
      html += "</dd>\n"
    }
    return html + "</dl>\n</section>\n"
  }

  /// Each crash: what the run's summary said of it, and the runtime's report.
  private static func crashesSection(_ crashes: [SummaryCrash]) -> String {
    var html =
      "<section id=\"crashes\">\n<h2>Crashes (\(crashes.count))</h2>\n<dl class=\"causes\">\n"
    for crash in crashes {
      html += "<dt>\(escapeHTML(crash.summary))</dt>\n<dd>"
      if !crash.backtrace.isEmpty {
        html +=
          "<pre class=\"note\">\(escapeHTML(crash.backtrace.joined(separator: "\n")))</pre>"
      }
      html += "</dd>\n"
    }
    return html + "</dl>\n</section>\n"
  }

  private static func fixturesSection(_ report: LifecycleReport) -> String {
    var html = """
      <section id="fixtures">
      <h2>Fixtures by time</h2>
      <p class="note">Setup and teardown time; a suite or process fixture set up once for many tests counts once.</p>
      <table id="fixture-table">
      <thead><tr><th>fixture</th><th>scope</th><th class="n">setups</th><th class="n">total</th><th class="n">mean</th><th class="n">setup</th><th class="n">teardown</th><th>declared at</th></tr></thead>
      <tbody>

      """
    for row in report.summary.fixtureRows {
      html += "<tr><td>\(escapeHTML(row.name))</td><td>\(row.scope)</td>"
      html += "<td class=\"n\">\(row.setups)</td>"
      html += "<td class=\"n\">\(format(row.totalTime))</td>"
      html += "<td class=\"n\">\(format(row.meanTime))</td>"
      html += "<td class=\"n\">\(format(row.setupTime))</td>"
      html += "<td class=\"n\">\(format(row.teardownTime))</td>"
      html += "<td class=\"at\">\(escapeHTML(row.declaration ?? ""))</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  private static func waitsSection(_ report: LifecycleReport) -> String {
    let rows = report.summary.waitRows
    guard !rows.isEmpty else { return "" }
    var html = """
      <section id="waits">
      <h2>Waiting inside setups</h2>
      <p class="note">Time setups spent waiting for what another test held or was making; the fixtures' time above includes it.</p>
      <table id="wait-table">
      <thead><tr><th>fixture</th><th>waiting for</th><th class="n">waits</th><th class="n">total</th><th class="n">mean</th></tr></thead>
      <tbody>

      """
    for row in rows {
      html += "<tr><td>\(escapeHTML(row.fixture))</td><td>\(escapeHTML(row.waitedFor))</td>"
      html += "<td class=\"n\">\(row.waits)</td><td class=\"n\">\(format(row.time))</td>"
      html += "<td class=\"n\">\(format(row.meanTime))</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  private static func slowestSection(_ report: LifecycleReport) -> String {
    var html = """
      <section id="slowest">
      <h2>Slowest tests</h2>
      <table id="slowest-table">
      <thead><tr><th>test</th><th class="n">duration</th><th class="n">setup</th><th class="n">body</th><th class="n">teardown</th><th>outcome</th></tr></thead>
      <tbody>

      """
    for test in report.slowestTests(20) {
      func time(_ kind: LifecycleReport.Segment.Kind) -> String {
        let total = test.segments.filter { $0.kind == kind && $0.scope == .test }
          .reduce(Int64(0)) { $0 + $1.end - $1.start }
        return formatMicros(total)
      }
      html += "<tr><td><a href=\"#test-\(test.id)\">\(escapeHTML(test.name))</a></td>"
      html += "<td class=\"n\">\(formatMicros(test.duration))</td>"
      html += "<td class=\"n\">\(time(.setup))</td><td class=\"n\">\(time(.body))</td>"
      html += "<td class=\"n\">\(time(.teardown))</td>"
      html += "<td class=\"o-\(test.outcome.rawValue)\">\(test.outcome.rawValue)</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  private static func format(_ duration: Duration) -> String {
    LifecycleSummary.format(duration)
  }

  private static func formatMicros(_ micros: Int64) -> String {
    format(.microseconds(micros))
  }

  // MARK: - Data for the timeline

  /// The timeline's data: processes, then tests as arrays, their strings interned.
  ///
  /// `tests[i] = [id, name, process, lane, start, end, outcome, suite, segments, issues, notes]`,
  /// with `segments` flat, 8 values a segment (`kind, name, scope, start, end, outcome, location,
  /// message`; kinds 0 setup, 1 body, 2 teardown, 3 wait), `issues` 4 an issue (`message, location, known, code`) and `notes` 2 a note
  /// (`message, location`); strings are indices into `strings`, `-1` for none; times are
  /// microseconds from the process's start.
  static func data(_ report: LifecycleReport) -> String {
    var strings = StringTable()
    var json = JSONText(capacity: report.tests.count * 160 + 1024)
    json.raw("{\"outcomes\":")
    json.strings(LifecycleReport.TestOutcome.allCases.map(\.rawValue))
    json.raw(",\"processes\":[")
    for (index, process) in report.processes.enumerated() {
      if index > 0 { json.raw(",") }
      json.raw("{\"run\":")
      json.string(process.run)
      json.raw(",\"label\":")
      json.string(
        "pid \(process.pid) on \(process.host): \(process.command)"
          + (process.seed.map { " · seed \($0)" } ?? ""))
      json.raw(",\"start\":")
      json.number(process.startMicros)
      json.raw(",\"length\":")
      json.number(process.length)
      json.raw(",\"lanes\":")
      json.number(process.lanes)
      json.raw("}")
    }
    json.raw("],\"tests\":[")
    let outcomes = Dictionary(
      uniqueKeysWithValues: LifecycleReport.TestOutcome.allCases.enumerated().map { ($1, $0) })
    let segmentOutcomes = Dictionary(
      uniqueKeysWithValues: LifecycleEvent.Outcome.allCases.enumerated().map { ($1, $0) })
    for (index, test) in report.tests.enumerated() {
      if index > 0 { json.raw(",") }
      json.raw("[\(test.id),\(strings[test.name]),\(test.process),\(test.lane),")
      json.raw("\(test.start),\(test.end),\(outcomes[test.outcome]!),\(strings[test.suite]),[")
      for (number, segment) in test.segments.enumerated() {
        if number > 0 { json.raw(",") }
        let kind =
          switch segment.kind {
          case .setup: 0
          case .body: 1
          case .teardown: 2
          case .wait: 3
          }
        json.raw("\(kind),\(strings[segment.name]),\(segment.scope.rawValue),")
        json.raw("\(segment.start),\(segment.end),\(segmentOutcomes[segment.outcome]!),")
        json.raw("\(strings[segment.location]),\(strings[segment.message])")
      }
      json.raw("],[")
      for (number, issue) in test.issues.enumerated() {
        if number > 0 { json.raw(",") }
        json.raw("\(strings[issue.message]),\(strings[issue.location]),")
        json.raw("\(issue.known ? 1 : 0),\(strings[issue.code])")
      }
      json.raw("],[")
      for (number, note) in test.notes.enumerated() {
        if number > 0 { json.raw(",") }
        json.raw("\(strings[note.message]),\(strings[note.location])")
      }
      json.raw("]]")
    }
    json.raw("],\"segmentOutcomes\":")
    json.strings(LifecycleEvent.Outcome.allCases.map(\.rawValue))
    json.raw(",\"strings\":")
    json.strings(strings.all)
    json.raw("}")
    return json.text
  }
}

/// Strings numbered in the order first seen, so that the data names each once.
private struct StringTable {
  private(set) var all: [String] = []
  private var numbers: [String: Int] = [:]

  subscript(string: String?) -> Int {
    mutating get {
      guard let string else { return -1 }
      if let number = numbers[string] { return number }
      numbers[string] = all.count
      all.append(string)
      return all.count - 1
    }
  }
}
