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

print("== SQLite (GRDB), 10,000-row template")
report(sqliteBenchmarks(), comparing: 1, with: 2)

if let server = PostgresTestServer.fromEnvironment {
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
      format: "  → transaction mode: %.3f ms above the body alone; floor (1 round trip) %.3f ms",
      samples[0].median - samples[7].median, samples[9].median - samples[7].median))
} else {
  print("== PostgreSQL skipped: \(PostgresTestServer.skipMessage)")
}
