internal import PostgresNIO

/// The connections of transaction mode, each lent to one test at a time inside a transaction,
/// open on a database cloned from the template for this process.
///
/// When a test's transaction was ended by the code under test (a raw `COMMIT`), what it wrote
/// may have been committed: that database is retired, the next test gets a new clone, and the
/// retired one is dropped once its last connection comes back.
actor TransactionPool {
  private let session: ServerSession
  private let template: String
  private let key: String
  private var databases: [String: WorkDatabase] = [:]
  private var current: String?
  private var creating: Task<String, any Error>?
  private var number = 0

  private struct WorkDatabase {
    var idle: [PostgresConnection] = []
    var lent = 0
    var retired = false
  }

  /// The server the databases live on.
  nonisolated var server: PostgresTestServer { session.server }

  init(session: ServerSession, template: String, key: String) {
    self.session = session
    self.template = template
    self.key = key
  }

  /// Lends a connection on the current database, with no transaction begun yet. A connection
  /// the server closed while it was idle is dropped, never lent.
  func checkout() async throws -> (connection: PostgresConnection, database: String) {
    let name = try await currentDatabase()
    databases[name, default: WorkDatabase()].lent += 1
    while let connection = databases[name]?.idle.popLast() {
      if !connection.isClosed { return (connection, name) }
      await BoundedOperation.close(connection)
    }
    do {
      return (try await ServerSession.connect(to: session.server, database: name), name)
    } catch {
      databases[name]?.lent -= 1
      throw error
    }
  }

  /// Takes a connection back: kept for the next test if `reusable`, closed otherwise (never
  /// waiting on a connection the server ended). A database whose test transaction leaked is
  /// retired.
  func checkin(
    _ connection: PostgresConnection, database name: String, reusable: Bool, leaked: Bool
  ) async {
    guard var database = databases[name] else { return }
    database.lent -= 1
    if leaked {
      database.retired = true
      if current == name { current = nil }
    }
    if reusable && !database.retired && !connection.isClosed {
      database.idle.append(connection)
    } else {
      await BoundedOperation.close(connection)
    }
    databases[name] = database
    if database.retired && database.lent == 0 { await dropDatabase(name) }
  }

  /// Closes every connection and drops every database.
  func close() async {
    for name in databases.keys { await dropDatabase(name) }
    current = nil
  }

  private func currentDatabase() async throws -> String {
    if let current { return current }
    if let creating { return try await creating.value }
    number += 1
    let name = DatabaseName.work(key: key, token: session.token, number: number)
    let task = Task { [session, template] in
      try await session.clone(template, to: name)
      return name
    }
    creating = task
    defer { creating = nil }
    _ = try await task.value
    if databases[name] == nil { databases[name] = WorkDatabase() }
    current = name
    return name
  }

  private func dropDatabase(_ name: String) async {
    guard let database = databases.removeValue(forKey: name) else { return }
    for connection in database.idle { await BoundedOperation.close(connection) }
    try? await session.drop(name)
  }
}
