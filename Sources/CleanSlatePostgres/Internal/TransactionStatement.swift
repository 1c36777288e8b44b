/// A transaction-control statement the code under test sends through a
/// ``PostgresTestConnection``, which turns it into its savepoint equivalent.
enum TransactionStatement: Equatable {
  case begin, commit, rollback

  /// Recognizes `BEGIN`, `START TRANSACTION`, `COMMIT`, `END`, `ROLLBACK` and `ABORT` (with their
  /// optional `WORK`/`TRANSACTION` words, modes and a trailing semicolon); `nil` for anything
  /// else, including `ROLLBACK TO SAVEPOINT` and `COMMIT PREPARED`.
  init?(sql: String) {
    let words = sql.uppercased()
      .split(whereSeparator: { $0.isWhitespace || $0 == ";" })
    guard let first = words.first else { return nil }
    let second = words.dropFirst().first
    switch first {
    case "BEGIN": self = .begin
    case "START" where second == "TRANSACTION": self = .begin
    case "COMMIT", "END":
      guard second == nil || second == "WORK" || second == "TRANSACTION" else { return nil }
      self = .commit
    case "ROLLBACK", "ABORT":
      guard second == nil || ((second == "WORK" || second == "TRANSACTION") && words.count == 2)
      else { return nil }
      self = .rollback
    default: return nil
    }
  }
}
