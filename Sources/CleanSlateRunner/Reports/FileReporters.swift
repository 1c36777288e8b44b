import CleanSlate
import CleanSlateReport
import CleanSlateTrace
import CleanSlateTestProcess
import Foundation

/// Writes the session's JUnit XML (``JUnitReport``) to a file when it ends.
package struct JUnitReporter: SessionReporter {
  /// The file.
  package var path: String

  package init(path: String) { self.path = path }

  package func finish(_ session: FinishedSession) throws {
    try write(JUnitReport.xml(session.result), to: path)
  }
}

/// Writes the session's `--summary-json` document (``SummaryJSON``) to a file when it ends.
package struct SummaryJSONReporter: SessionReporter {
  /// The file.
  package var path: String

  package init(path: String) { self.path = path }

  package func finish(_ session: FinishedSession) throws {
    try write(SummaryJSON.text(session.result), to: path)
  }
}

/// Writes the HTML lifecycle report of the session's trace when it ends, with why each explained
/// test failed and every crash of a test process.
package struct HTMLReporter: SessionReporter {
  /// The file.
  package var path: String
  /// The session's lifecycle trace (`CLEANSLATE_TRACE`).
  package var trace: String

  package init(path: String, trace: String) {
    self.path = path
    self.trace = trace
  }

  package func finish(_ session: FinishedSession) throws {
    // A package whose tests use no CleanSlate scope writes no trace: the report still shows the
    // run's causes and crashes.
    var log = TraceLog()
    if FileManager.default.fileExists(atPath: trace) {
      do {
        log = try TraceReader.read([trace])
      } catch {
        throw RunnerError(.cannotWrite, "cannot write \(path): its trace \(trace): \(error)")
      }
    }
    let result = session.result
    let explained = result.records.compactMap { record in
      record.cause.map { (test: record.name.listed, cause: $0) }
    }
    let crashes = result.crashes.map { crash in
      SummaryCrash(
        summary: String(crash.line.dropFirst("Crashed: ".count)),
        tests: crash.tests.map(\.listed), backtrace: crash.crash.excerpt)
    }
    let html = HTMLReport.render(
      LifecycleReport(log), title: "cleanslate test", explained: explained, crashes: crashes)
    try write(html, to: path)
  }
}

/// Writes `text` to the file at `path`; throws ``RunnerError`` when it cannot.
func write(_ text: String, to path: String) throws {
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  } catch {
    throw RunnerError(.cannotWrite, "cannot write \(path): \(error.localizedDescription)")
  }
}
