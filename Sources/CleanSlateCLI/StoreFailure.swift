import ArgumentParser
import CleanSlateHistory
import Foundation

/// How a command that reads or prunes a store of runs ends when it cannot: one line on standard
/// error that names the store (never its password: ``StoreLocation/name``) and says why, and exit
/// status 2 — distinct from 1, `cleanslate flaky --fail-on`'s gate.
enum StoreFailure {
  /// The exit status: the store of runs could not be used.
  static let status: Int32 = 2

  /// Prints `error: the store of runs <name> could not <be read>: <why>.` and returns the exit.
  static func exit(
    _ location: StoreLocation, _ error: any Error, couldNot doing: String = "be read"
  ) -> ExitCode {
    report("the store of runs \(location.name) could not \(doing): \(reason(error, location))")
    return ExitCode(status)
  }

  /// Prints `error: <message>` on one line and returns exit status 2: a report that could not be
  /// written.
  static func exit(_ message: String) -> ExitCode {
    report(message)
    return ExitCode(status)
  }

  /// Why, from `error`: the store's own sentence without its leading name, on one line.
  private static func reason(_ error: any Error, _ location: StoreLocation) -> String {
    var text = (error as? StoreError)?.message ?? "\(error)"
    let prefix = "\(location.name): "
    if text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
    return oneLine(text)
  }

  /// `text` on one line: its line breaks and runs of spaces as one space.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private static func report(_ message: String) {
    FileHandle.standardError.write(Data("error: \(oneLine(message))\n".utf8))
  }
}

/// Prints `error: <message>` on one line for input the command cannot take (an option's value, a
/// quarantine file), and returns exit status 64, as the command line's own errors do.
func usageFailure(_ message: String) -> ExitCode {
  FileHandle.standardError.write(Data("error: \(StoreFailure.oneLine(message))\n".utf8))
  return ExitCode.validationFailure
}

/// Prints `message` on standard error as `error: …`, for the command to exit with status 1.
func failure(_ message: String) -> ExitCode {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  return ExitCode.failure
}
