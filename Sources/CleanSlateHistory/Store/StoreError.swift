/// Why the store of runs could not be opened, read or written.
///
/// A run never fails for it: `cleanslate test` prints it on one line and its results, reports
/// and exit status stay what they are without a store.
package struct StoreError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, in kinds a caller can tell apart.
  package enum Kind: Sendable, Equatable {
    /// Another process held the file's lock longer than the store waits.
    case locked
    /// The file or its folder cannot be written (read-only, no permission).
    case unwritable
    /// The SQLite file does not exist, and the command never makes one.
    case missing
    /// The file is not a store, or is damaged.
    case unreadable
    /// The store was made by a newer CleanSlate: its schema is one this one does not know.
    case newerSchema
    /// The PostgreSQL server did not answer, or refused the connection.
    case unreachable
    /// The store's kind is not built into this `cleanslate` (PostgreSQL without its trait).
    case unsupported
    /// Anything else the database said.
    case failed
  }

  /// What went wrong.
  package var kind: Kind
  /// What went wrong, in a sentence that names the store; never with a URL's password, whatever
  /// a database's own error said (``PasswordRedaction``).
  package var message: String

  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = PasswordRedaction.redacted(message)
  }

  package var description: String { message }
}
