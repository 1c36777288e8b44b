#if Postgres
  internal import PostgresNIO

  extension ServerSession {
    /// Returns the name of the complete template database for `template`, building it first if no
    /// process has.
    ///
    /// The build runs under an advisory lock on the key, so that concurrent processes build each
    /// template once: the others wait, then find it complete. It is built under a name of its own
    /// (`cs_bld_…`) and renamed to `cs_tpl_<key>` only after every migration and the seed
    /// succeeded, so a template that exists is complete; a build whose process died is swept.
    nonisolated func ensureTemplate(_ template: PostgresTemplate) async throws -> String {
      let key = template.key(serverVersion: serverVersion)
      let name = DatabaseName.template(key: key)
      // A template that exists is complete (it is renamed into place once built): no lock needed.
      if (try? await exists(name)) == true { return name }
      let lock = try await Self.connect(to: server, database: server.database)
      defer { Task { try? await lock.close() } }
      let lockID = AdvisoryLock.objectID(hex: key)
      do {
        try await lock.query(
          "SELECT pg_advisory_lock(\(AdvisoryLock.templateBuild), \(lockID))", logger: .cleanSlate)
      } catch {
        throw PostgresFixtureError.failed("Locking template '\(name)'", on: server, error)
      }
      let exists =
        try await lock.query(
          "SELECT count(*) FROM pg_database WHERE datname = \(name)", logger: .cleanSlate
        ).collect().first?.decode(Int.self) ?? 0
      if exists == 0 {
        let build = DatabaseName.build(key: key, token: token)
        do {
          try await lock.query(
            PostgresQuery(unsafeSQL: "CREATE DATABASE \(DatabaseName.quoted(build))"),
            logger: .cleanSlate)
          try await migrate(build, with: template)
          try await Self.waitUntilUnused(build, on: lock)
          try await lock.query(
            PostgresQuery(
              unsafeSQL:
                "ALTER DATABASE \(DatabaseName.quoted(build)) RENAME TO \(DatabaseName.quoted(name))"
            ),
            logger: .cleanSlate)
        } catch {
          try? await drop(build)
          if let error = error as? PostgresFixtureError { throw error }
          throw PostgresFixtureError.failed("Building template '\(name)'", on: server, error)
        }
      }
      _ = try? await lock.query(
        "SELECT pg_advisory_unlock(\(AdvisoryLock.templateBuild), \(lockID))", logger: .cleanSlate)
      return name
    }

    /// Runs every step of `template` on database `name`, each in its own transaction.
    private nonisolated func migrate(_ name: String, with template: PostgresTemplate) async throws {
      let connection = try await Self.connect(to: server, database: name)
      do {
        for (step, migration) in template.steps {
          do {
            try await connection.query("BEGIN", logger: .cleanSlate)
            try await migration.run(connection)
            try await connection.query("COMMIT", logger: .cleanSlate)
          } catch {
            throw PostgresFixtureError(
              "Building the template failed at \(step): \(PostgresFixtureError.describe(error))")
          }
        }
        try await connection.close()
      } catch {
        try? await connection.close()
        throw error
      }
    }

    /// Waits until no backend is connected to database `name` any more: a closed connection's
    /// backend exits a moment after the client has gone, and renaming or cloning needs it gone.
    static func waitUntilUnused(_ name: String, on connection: PostgresConnection) async throws {
      for _ in 0..<2_500 {
        let count =
          try await connection.query(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = \(name)", logger: .cleanSlate
          ).collect().first?.decode(Int.self) ?? 0
        if count == 0 { return }
        try await Task.sleep(for: .milliseconds(2))
      }
    }
  }
#endif
