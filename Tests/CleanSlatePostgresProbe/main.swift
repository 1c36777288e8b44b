#if Postgres
  // A child process for the zero-config PostgreSQL tests: it takes the PostgreSQL server as a test
  // process does (PostgresTestServer.resolve(), configured by the environment alone), prints it,
  // then exits, waits or dies.
  //
  //   CleanSlatePostgresProbe exit    prints `<port>|<data directory>|<postmaster start>|<ms>|<pid>`,
  //                                   where <ms> is the time to the first query and <pid> the
  //                                   postmaster's, then exits
  //   CleanSlatePostgresProbe wait    prints it, then waits until standard input closes
  //   CleanSlatePostgresProbe crash   prints it, then kills itself with SIGKILL (no cleanup)
  //   CleanSlatePostgresProbe skip    prints whether PostgreSQL tests run, then the skip message
  //   CleanSlatePostgresProbe keep    runs a test that writes a row to a database of its own and
  //                                   fails, so that its database is kept (CleanSlate prints the
  //                                   command that opens it on standard error), then exits
  import CleanSlate
  import CleanSlatePostgres
  import CleanSlateTestSupport
  import Foundation
  import PostgresNIO

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Takes the server, makes a first query, and prints the line described above.
  func takeServer() async throws {
    let clock = ContinuousClock()
    let started = clock.now
    let server = try await PostgresTestServer.resolve()
    let connection = try await PostgresConnection.connect(
      configuration: server.configuration(), id: 1, logger: Logger(label: "probe"))
    let row = try await connection.query(
      "SELECT current_setting('data_directory'), pg_postmaster_start_time()::text",
      logger: Logger(label: "probe")
    ).collect().first
    let elapsed = clock.now - started
    let (directory, postmasterStart) = try row?.decode((String, String).self) ?? ("?", "?")
    try await connection.close()
    let milliseconds =
      Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    let pidFile = try? String(contentsOfFile: directory + "/postmaster.pid", encoding: .utf8)
    let postmaster = pidFile?.split(separator: "\n").first.map(String.init) ?? "?"
    FileHandle.standardOutput.write(
      Data("\(server.port)|\(directory)|\(postmasterStart)|\(milliseconds)|\(postmaster)\n".utf8))
  }

  /// Runs a test that writes a note to a database of its own, then fails: its database is kept.
  func keepAFailedTestsDatabase() async throws {
    let notes = Fixture.postgresDatabase(
      "notes",
      template: PostgresTemplate(migrations: [
        PostgresMigration("create notes", sql: "CREATE TABLE notes (text text NOT NULL)")
      ]))
    let process = makeProcessScope()
    _ = try await runTestScope("Probe/keeps()", in: process, failing: true) {
      let database = try await use(notes)
      try await database.connection.query(
        "INSERT INTO notes VALUES ('left behind')", logger: Logger(label: "probe"))
    }
    await process.end()
  }

  let mode = CommandLine.arguments.dropFirst().first ?? "exit"
  switch mode {
  case "keep":
    try await keepAFailedTestsDatabase()
  case "skip":
    print(PostgresTestServer.shouldRunTests ? "run" : "skip")
    print(PostgresTestServer.skipMessage)
  case "crash":
    try await takeServer()
    kill(getpid(), SIGKILL)
  case "wait":
    try await takeServer()
    _ = FileHandle.standardInput.readDataToEndOfFile()
  default:
    try await takeServer()
  }
#endif
