#if Postgres
  internal import PostgresNIO

  /// Spare clones: clones a test process made ahead and never handed to a test, left on the
  /// server when it ends so that the next process (the next run, another worker of
  /// `swift test --parallel`, another shard) starts with clones ready instead of making them while
  /// its first tests wait.
  ///
  /// A spare is named `cs_spare_<key>_<oid>_<random>`, after its template's key and the object
  /// identifier of the template database it was cloned from: a template dropped and built again
  /// gets a new identifier, so its old spares are never taken for clones of it (they are swept).
  /// A process takes one by renaming it to a clone name of its own, which only one process can
  /// do. The server keeps at most ``limit`` spares in all (a new database is about 7 MB), the
  /// newest.
  extension ServerSession {
    /// The most spares the server keeps, of all templates together.
    static let spareLimit = 16

    /// The spares of `template` (whose key is `key`), newest first.
    func spares(of template: String, key: String) async throws -> [String] {
      try await admin.query(
        """
        SELECT datname FROM pg_database WHERE starts_with(datname, 'cs_spare_' || \(key) || '_'
          || (SELECT oid FROM pg_database WHERE datname = \(template))::text || '_')
        ORDER BY oid DESC
        """, logger: .cleanSlate
      ).collect().map { try $0.decode(String.self) }
    }

    /// Takes the spare `spare` as the clone `name`: `false` when another process took it first.
    func take(_ spare: String, as name: String) async -> Bool {
      do {
        try await admin.query(
          PostgresQuery(
            unsafeSQL:
              "ALTER DATABASE \(DatabaseName.quoted(spare)) RENAME TO \(DatabaseName.quoted(name))"
          ), logger: .cleanSlate)
        return true
      } catch {
        return false
      }
    }

    /// Leaves the clone `name` of `template` (never handed to a test, its connections closed) on
    /// the server as a spare, dropping the oldest spares past the limit; drops it instead if it
    /// cannot be left.
    func leaveSpare(_ name: String, of template: String, key: String) async {
      do {
        let oid =
          try await admin.query(
            "SELECT oid::text FROM pg_database WHERE datname = \(template)", logger: .cleanSlate
          ).collect().first?.decode(String.self)
        guard let oid else { throw PostgresFixtureError("the template is gone") }
        try await rename(name, to: DatabaseName.spare(key: key, templateOID: oid))
        let all = try await admin.query(
          "SELECT datname FROM pg_database WHERE datname LIKE 'cs\\_spare\\_%' ORDER BY oid DESC",
          logger: .cleanSlate
        ).collect().map { try $0.decode(String.self) }
        for old in all.dropFirst(Self.spareLimit) { try await drop(old) }
      } catch {
        try? await drop(name)
      }
    }

    /// Drops the spares whose template is gone (or was built again since).
    func sweepSpares() async throws {
      let orphans = try await admin.query(
        """
        SELECT s.datname FROM pg_database s WHERE s.datname LIKE 'cs\\_spare\\_%' AND NOT EXISTS (
          SELECT 1 FROM pg_database t WHERE t.datname LIKE 'cs\\_tpl\\_%'
            AND starts_with(s.datname, 'cs_spare_' || substr(t.datname, 8) || '_' || t.oid::text || '_'))
        """, logger: .cleanSlate
      ).collect().map { try $0.decode(String.self) }
      for orphan in orphans { try await drop(orphan) }
    }
  }
#endif
