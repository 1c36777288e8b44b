internal import PostgresNIO

/// The connections of transaction mode, each lent to one test at a time, open on a database
/// cloned from the template for this process.
///
/// A connection waits in the pool inside the test transaction: `BEGIN`, then the savepoint
/// ``TestTransaction/savepoint``. A test ends with `ROLLBACK TO SAVEPOINT`, which undoes it and
/// leaves the connection at that savepoint again, ready for the next test without another round
/// trip; a transaction older than ``TestTransaction/freshFor`` is restarted when it is lent.
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
    var idle: [TestTransaction.Lent] = []
    var lent = 0
    var retired = false
  }

  /// The server the databases live on.
  nonisolated var server: PostgresTestServer { session.server }
  /// Whether the server has `ROLLBACK AND CHAIN` (PostgreSQL 12 and later).
  nonisolated let chainsTransactions: Bool

  init(session: ServerSession, template: String, key: String) {
    self.session = session
    self.template = template
    self.key = key
    self.chainsTransactions = (Int(session.serverVersion) ?? 0) >= 120_000
  }

  /// Lends a connection on the current database: one back from an earlier test (`began` set:
  /// inside the test transaction begun then), or a new one with no transaction begun yet
  /// (`began` nil). A connection the server closed while it was idle is dropped, never lent.
  func checkout() async throws -> TestTransaction.Lent {
    let name = try await currentDatabase()
    databases[name, default: WorkDatabase()].lent += 1
    while let lent = databases[name]?.idle.popLast() {
      if !lent.connection.isClosed { return lent }
      await BoundedOperation.close(lent.connection)
    }
    do {
      let connection = try await ServerSession.connect(to: session.server, database: name)
      return TestTransaction.Lent(connection: connection, database: name, began: nil)
    } catch {
      databases[name]?.lent -= 1
      throw error
    }
  }

  /// Takes a connection back: kept for the next test if `reusable` (then back inside the test
  /// transaction, at its savepoint), closed otherwise (never waiting on a connection the server
  /// ended). A database whose test transaction leaked is retired.
  func checkin(_ lent: TestTransaction.Lent, reusable: Bool, leaked: Bool) async {
    guard var database = databases[lent.database] else { return }
    database.lent -= 1
    if leaked {
      database.retired = true
      if current == lent.database { current = nil }
    }
    if reusable && !database.retired && !lent.connection.isClosed {
      database.idle.append(lent)
    } else {
      await BoundedOperation.close(lent.connection)
    }
    databases[lent.database] = database
    if database.retired && database.lent == 0 { await dropDatabase(lent.database) }
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
    for lent in database.idle { await BoundedOperation.close(lent.connection) }
    try? await session.drop(name)
  }
}
