#if Postgres
  /// A transaction-control statement the code under test sends through a
  /// ``PostgresTestConnection``, which turns it into its savepoint equivalent.
  enum TransactionStatement: Equatable {
    case begin, commit, rollback

    /// Recognizes `BEGIN`, `START TRANSACTION`, `COMMIT`, `END`, `ROLLBACK` and `ABORT` (with their
    /// optional `WORK`/`TRANSACTION` words, modes and a trailing semicolon); `nil` for anything
    /// else, including `ROLLBACK TO SAVEPOINT` and `COMMIT PREPARED`.
    ///
    /// Only the first three words are read, however long the statement.
    init?(sql: String) {
      let words = Self.leadingWords(of: sql, upTo: 3)
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

    /// The first `count` words of `sql`, uppercased; words are separated by whitespace and `;`.
    private static func leadingWords(of sql: String, upTo count: Int) -> [String] {
      let separator: (Character) -> Bool = { $0.isWhitespace || $0 == ";" }
      var words: [String] = []
      var rest = sql[...]
      while words.count < count {
        rest = rest.drop(while: separator)
        guard !rest.isEmpty else { break }
        let word = rest.prefix { !separator($0) }
        words.append(word.uppercased())
        rest = rest[word.endIndex...]
      }
      return words
    }
  }
#endif
