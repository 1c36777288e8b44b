import ArgumentParser
import CleanSlateTrace
import Foundation

/// The trace files a command reads, merged.
struct TraceFiles: ParsableArguments {
  @Argument(
    help: "JSON Lines trace files (CLEANSLATE_TRACE=trace.jsonl); their processes are merged.")
  var traces: [String]

  /// The files' events; warnings (a cut last line, …) go to standard error.
  func read() throws -> TraceLog {
    let log = try TraceReader.read(traces)
    for warning in log.warnings {
      FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
    return log
  }
}
