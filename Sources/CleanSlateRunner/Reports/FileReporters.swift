import CleanSlate
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
