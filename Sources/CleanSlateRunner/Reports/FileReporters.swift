import CleanSlate
import CleanSlateReport
import CleanSlateTestProcess
import CleanSlateTrace
import Foundation

/// Writes the session's JUnit XML (``JUnitReport``) to a file when the session is over.
package struct JUnitReporter: SessionReporter {
  /// The file.
  package var path: String
  private let heard = Locked(HeardSession())

  package init(path: String) { self.path = path }

  package func receive(_ event: SessionEvent) throws(RunnerError) {
    guard let session = heard.hearing(event) else { return }
    try write(JUnitReport.xml(session), to: path)
  }
}

/// Writes the session's `--summary-json` document (``SummaryJSON``) to a file when the session is
/// over.
package struct SummaryJSONReporter: SessionReporter {
  /// The file.
  package var path: String
  private let heard = Locked(HeardSession())

  package init(path: String) { self.path = path }

  package func receive(_ event: SessionEvent) throws(RunnerError) {
    guard let session = heard.hearing(event) else { return }
    try write(SummaryJSON.text(session), to: path)
  }
}

/// Writes the HTML lifecycle report of the session's trace when the session is over, with why
/// each explained test failed and every crash of a test process.
package struct HTMLReporter: SessionReporter {
  /// The file.
  package var path: String
  /// The session's lifecycle trace (`CLEANSLATE_TRACE`).
  package var trace: String
  private let heard = Locked(HeardSession())

  package init(path: String, trace: String) {
    self.path = path
    self.trace = trace
  }

  package func receive(_ event: SessionEvent) throws(RunnerError) {
    guard let session = heard.hearing(event) else { return }
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
      session.causes[record.name]?.explanation(of: record.name.listed)
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

extension Locked<HeardSession> {
  /// Takes in `event`; the session, when the event is the last one and the session ended.
  func hearing(_ event: SessionEvent) -> FinishedSession? {
    withLock { heard in
      heard.hear(event)
      return heard.finished ? heard.session : nil
    }
  }
}

/// Writes `text` to the file at `path`; throws ``RunnerError`` when it cannot.
func write(_ text: String, to path: String) throws(RunnerError) {
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  } catch {
    throw RunnerError(.cannotWrite, "cannot write \(path): \(error.localizedDescription)")
  }
}
