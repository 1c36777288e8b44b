/// Why a trace file cannot be read, in words for the person who ran `cleanslate`.
package struct TraceReadError: Error, Equatable, CustomStringConvertible {
  /// What kind of problem it is.
  package enum Kind: Sendable, Equatable {
    /// The file does not exist or cannot be opened.
    case unreadable
    /// The file is not a CleanSlate lifecycle trace (empty, not JSON Lines, no header).
    case notATrace
    /// The trace was written by a newer CleanSlate, in a schema this reader does not know.
    case newerSchema
  }

  package let kind: Kind
  /// The file.
  package let path: String
  /// What is wrong and what to do about it.
  package let reason: String

  package init(_ kind: Kind, path: String, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  package var description: String { "\(path): \(reason)" }
}
