#if Postgres
  internal import Foundation

  /// The names CleanSlate gives the databases it creates, and what it reads back from them.
  ///
  /// Every name starts with `cs_` and a kind; those a process creates for itself carry its token,
  /// an 8-digit hexadecimal number it holds an advisory lock on while it lives:
  ///
  /// | name | what |
  /// |---|---|
  /// | `cs_tpl_<key>` | a complete template, kept and reused across runs |
  /// | `cs_bld_<key>_<token>` | a template being built; renamed to `cs_tpl_<key>` once complete |
  /// | `cs_db_<key8>_<token>_<n>` | a test's database (database mode) |
  /// | `cs_tx_<key8>_<token>_<n>` | a process's database for transaction mode |
  /// | `cs_kept_<key8>_<token>_<n>` | a failed test's database, kept for inspection |
  /// | `cs_spare_<key>_<oid>_<random>` | a clone no test used, left for the next process |
  enum DatabaseName {
    static func template(key: String) -> String { "cs_tpl_\(key)" }
    static func build(key: String, token: String) -> String { "cs_bld_\(key)_\(token)" }
    static func clone(key: String, token: String, number: Int) -> String {
      "cs_db_\(key.prefix(8))_\(token)_\(number)"
    }
    static func work(key: String, token: String, number: Int) -> String {
      "cs_tx_\(key.prefix(8))_\(token)_\(number)"
    }
    static func spare(key: String, templateOID: String) -> String {
      "cs_spare_\(key)_\(templateOID)_" + String(format: "%08x", UInt32.random(in: 0...UInt32.max))
    }
    static func kept(_ clone: String) -> String {
      "cs_kept_" + String(clone.dropFirst("cs_db_".count))
    }

    /// The token of the process that owns a database it may sweep, or `nil` for a name it must
    /// leave alone (templates, kept databases, anything not CleanSlate's).
    static func ownerToken(of name: String) -> String? {
      let parts = name.split(separator: "_")
      guard parts.count >= 4, parts[0] == "cs", ["bld", "db", "tx"].contains(parts[1]),
        parts[3].count == 8, UInt32(parts[3], radix: 16) != nil
      else { return nil }
      return String(parts[3])
    }

    /// The name quoted as an SQL identifier.
    static func quoted(_ name: String) -> String {
      "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
  }

  /// The advisory-lock namespaces CleanSlate uses (the first key of the two-key form).
  enum AdvisoryLock {
    /// Held by a live process on its token.
    static let processToken: Int32 = 0x4353_0001
    /// Held while a template is built, on the low 32 bits of its key.
    static let templateBuild: Int32 = 0x4353_0002
    /// Held, shared, by every process that uses a throwaway server (with 0 as the second key);
    /// its supervisor stops the server once it can take it exclusively.
    static let serverLease: Int32 = 0x4353_0003

    /// A token or key as the second lock key.
    static func objectID(hex: String) -> Int32 {
      Int32(bitPattern: UInt32(truncatingIfNeeded: UInt64(hex.suffix(8), radix: 16) ?? 0))
    }
  }
#endif
