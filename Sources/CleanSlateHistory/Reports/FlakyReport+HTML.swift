import CleanSlateReport
import Foundation

extension FlakyReport {
  /// The report as one self-contained HTML page: a row for each test that is not healthy, worst
  /// first, with its evidence and a strip of its outcome in every session of the window — a
  /// square a session, oldest on the left, green passed, amber failed then passed, red failed,
  /// grey did not run — a tick where the commit changed; the cause and the command below.
  package func html() -> String {
    var page = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Flaky tests — \(escapeHTML(store))</title>
      <style>
      body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
      h1 { font-size: 20px; } p.window { color: #555; }
      table { border-collapse: collapse; } td, th { padding: 4px 8px; text-align: left; vertical-align: top; }
      tr.test { border-top: 1px solid #ddd; } td.n { text-align: right; }
      .health { font-weight: 600; } .h-broken { color: #b00020; } .h-flaky { color: #a05a00; }
      .h-quarantined { color: #6a1b9a; } .h-new { color: #1565c0; } .h-healthy { color: #2e7d32; }
      svg.strip rect.passed { fill: #43a047; } svg.strip rect.flaky { fill: #fb8c00; }
      svg.strip rect.failed, svg.strip rect.timedOut { fill: #e53935; }
      svg.strip rect.absent, svg.strip rect.skipped { fill: #e0e0e0; }
      svg.strip line.commit { stroke: #333; stroke-width: 1; }
      p.cause { margin: 2px 0; max-width: 900px; } pre { white-space: pre-wrap; margin: 2px 0; font-size: 12px; }
      </style></head><body>
      <h1>Flaky tests</h1>
      <p class="window">\(escapeHTML(store)): \(escapeHTML(windowDescription)). Each square is a session, oldest first: green passed, amber failed then passed, red failed, grey did not run; a tick marks a new commit.</p>

      """
    let shown = tests.filter { $0.health != .healthy }
    if shown.isEmpty {
      page += "<p id=\"all-healthy\">Every test is healthy (\(tests.count)).</p>\n"
    } else {
      page +=
        "<table id=\"tests\">\n<tr><th>health</th><th>test</th><th>sessions</th><th>failed</th><th>flaky</th><th>±commits</th><th>failure rate</th><th>sessions, oldest first</th></tr>\n"
      for test in shown {
        page += "<tr class=\"test\" data-test=\"\(escapeHTML(test.name))\">"
        page += "<td class=\"health h-\(test.health.rawValue)\">\(test.health.rawValue)</td>"
        page += "<td>\(escapeHTML(test.name))"
        if let cause = test.cause {
          let parts = cause.parts
          page +=
            "<p class=\"cause\">\(escapeHTML(cause.kind))\(parts.summary.map { " — " + escapeHTML($0) } ?? "")</p>"
          if let standing = cause.pooledStanding {
            page += "<p class=\"cause pooled\">Explanation: \(escapeHTML(standing)).</p>"
          }
          if let reproduce = parts.reproduce, !reproduce.isEmpty {
            page += "<pre class=\"reproduce\">\(escapeHTML(reproduce))</pre>"
          }
        }
        if let since = test.brokenSince {
          page +=
            "<p class=\"cause\">broken since \(escapeHTML(since.commit.map(Self.short) ?? "—")), \(escapeHTML(Self.time(since.date)))</p>"
        }
        page +=
          "</td><td class=\"n\">\(test.sessions)</td><td class=\"n\">\(test.failedSessions)</td>"
        page +=
          "<td class=\"n\">\(test.flakySessions)</td><td class=\"n\">\(test.mixedCommits)</td>"
        page +=
          "<td>\(escapeHTML(test.rate.description))</td><td>\(strip(of: test.name))</td></tr>\n"
      }
      page += "</table>\n"
      let healthy = tests.count - shown.count
      page += "<p>\(healthy) healthy test\(healthy == 1 ? "" : "s") not shown.</p>\n"
    }
    return page + "</body></html>\n"
  }

  /// The strip of `test`: one square a session, a tick before each session of a new commit.
  private func strip(of test: String) -> String {
    let verdicts = strips[test] ?? []
    let size = 8
    let step = size + 2
    var svg =
      "<svg class=\"strip\" width=\"\(max(1, verdicts.count * step))\" height=\"\(size + 4)\" role=\"img\" aria-label=\"\(escapeHTML(test)) in each session\">"
    var commit: String?
    for (index, verdict) in verdicts.enumerated() {
      let session = sessions[index]
      if index > 0, session.source.commit != commit {
        svg +=
          "<line class=\"commit\" x1=\"\(index * step - 1)\" y1=\"0\" x2=\"\(index * step - 1)\" y2=\"\(size + 4)\"/>"
      }
      commit = session.source.commit
      let word = verdict?.word ?? "absent"
      let title =
        "\(Self.time(session.started)) \(session.source.commit.map(Self.short) ?? "no commit")\(session.source.dirty ? " (uncommitted changes)" : ""): \(verdict?.word ?? "did not run")"
      svg +=
        "<rect class=\"\(word)\" x=\"\(index * step)\" y=\"2\" width=\"\(size)\" height=\"\(size)\"><title>\(escapeHTML(title))</title></rect>"
    }
    return svg + "</svg>"
  }
}
