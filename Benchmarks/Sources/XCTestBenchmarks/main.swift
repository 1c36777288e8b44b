import Foundation
import XCTest

// Runs one benchmark class under XCTest's own runner, with as many tests as the benchmark says:
//
//   XCTestBenchmarks ResettableBenchmark
//
// The test lists are built here instead of written out as thousands of methods; each entry is
// a test method of its class, run by XCTest like any other.

/// `count` tests of `testClass`, each calling its `check()`.
func tests<Case: BenchmarkCase>(_ testClass: Case.Type, count: Int) -> XCTestCaseEntry {
  (testClass, (0..<count).map { index in ("test\(index)", { try ($0 as! Case).check() }) })
}

/// How many tests the memory benchmarks run: `CLEANSLATE_BENCH_TESTS`, 5,000 unless set.
let memoryTestCount =
  Int(ProcessInfo.processInfo.environment["CLEANSLATE_BENCH_TESTS"] ?? "") ?? 5_000

XCTMain([
  tests(PlainPropertyBenchmark.self, count: 400),
  tests(HandWrittenResetBenchmark.self, count: 400),
  tests(HandWrittenLateResetBenchmark.self, count: 400),
  tests(ResettableBenchmark.self, count: 400),
  tests(HandWrittenSetUpBenchmark.self, count: 5_000),
  tests(HandWrittenAsyncSetUpBenchmark.self, count: 5_000),
  tests(FixturesSyncSetUpBenchmark.self, count: 5_000),
  tests(FixturesBenchmark.self, count: 5_000),
  tests(XCTestCaseMemoryBenchmark.self, count: memoryTestCount),
  tests(FixtureTestCaseMemoryBenchmark.self, count: memoryTestCount),
])
