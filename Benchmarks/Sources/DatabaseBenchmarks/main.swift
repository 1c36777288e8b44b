import BenchmarkHarness
import CleanSlatePostgres
import Foundation

// Fresh databases per test, each against its naive alternative, every test run through
// XCTest's FixtureTestCase. Run with Benchmarks/run-databases.sh (release mode).

func report(_ samples: [Sample], comparing fast: Int, with slow: Int) {
  for sample in samples { print(sample.line) }
  print(
    String(
      format: "  → %.0f× faster than the naive alternative",
      samples[slow].median / samples[fast].median))
}

// No argument runs everything; `DatabaseBenchmarks sqlite` runs the SQLite part only;
// `DatabaseBenchmarks sqlite-breakdown [count] [fresh|shared]` shows where the time of a
// fresh-database test goes (for profiling: `fresh` or `shared` runs only that half).
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "sqlite-breakdown" {
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 500
  let options = Set(arguments.dropFirst(2))
  let only = options.contains("fresh") ? "fresh" : options.contains("shared") ? "shared" : nil
  for sample in sqliteBreakdown(count: count, only: only) { print(sample.line) }
  exit(0)
}

// `DatabaseBenchmarks postgres-breakdown [count] [transaction|body]` runs only the transaction-mode
// test, or only the same body without a fixture, for profiling (`perf stat`, `perf record`).
if arguments.first == "postgres-breakdown", let server = PostgresTestServer.fromEnvironment {
  let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000
  let only = arguments.dropFirst(2).first
  for sample in postgresBreakdown(server: server, count: count, only: only) { print(sample.line) }
  exit(0)
}

print("== SQLite (GRDB), 10,000-row template")
report(sqliteBenchmarks(), comparing: 1, with: 2)

if arguments.first == "sqlite" {
  exit(0)
} else if let server = PostgresTestServer.fromEnvironment {
  print("== PostgreSQL at \(server.host):\(server.port), 10,000-row template")
  let samples = postgresBenchmarks(server: server)
  for sample in samples { print(sample.line) }
  let truncate = samples[4].median
  print(
    String(
      format: "  → transaction mode %.0f× faster than TRUNCATE + re-seed",
      truncate / samples[0].median))
  print(
    String(
      format: "  → database mode (test's path) %.0f× faster than TRUNCATE + re-seed",
      truncate / samples[1].median))
  print(
    String(
      format:
        "  → transaction mode: %.3f ms above the body alone (any fixture: %.3f ms; one with a round trip at teardown: %.3f ms)",
      samples[0].median - samples[7].median, samples[10].median - samples[7].median,
      samples[9].median - samples[7].median))
} else {
  print("== PostgreSQL skipped: \(PostgresTestServer.skipMessage)")
}
