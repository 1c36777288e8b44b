import CleanSlateXCTest
import XCTest

/// A benchmark test case: every test of it runs `check()`.
protocol BenchmarkCase: XCTestCase {
  func check() throws
}

/// An object under test that holds 8 MB, every page written so that it is resident.
final class LargeSubject {
  let bytes = [UInt8](repeating: 1, count: 8 << 20)
}

/// A small resource with an explicit close, as fixtures and hand-written setUp create them.
final class Resource: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
  func close() { precondition(value >= 0) }
}

extension Fixture where Value == Resource {
  static let first = Fixture("first") { context in
    let resource = Resource(1)
    context.addTeardown { resource.close() }
    return resource
  }
  static let second = Fixture("second") { context in
    let resource = Resource(try await context.use(.first).value + 1)
    context.addTeardown { resource.close() }
    return resource
  }
  static let third = Fixture("third") { context in
    let resource = Resource(try await context.use(.second).value + 1)
    context.addTeardown { resource.close() }
    return resource
  }
}

// MARK: - Memory: 400 tests whose object under test holds 8 MB

/// No reset: XCTest keeps every instance, and with it every subject, until the run ends.
final class PlainPropertyBenchmark: XCTestCase, BenchmarkCase {
  var subject: LargeSubject!
  override func setUp() {
    super.setUp()
    subject = LargeSubject()
  }
  func check() { XCTAssertEqual(subject.bytes.count, 8 << 20) }
}

/// The usual fix, written by hand.
final class HandWrittenResetBenchmark: XCTestCase, BenchmarkCase {
  var subject: LargeSubject!
  override func setUp() {
    super.setUp()
    subject = LargeSubject()
  }
  override func tearDown() {
    subject = nil
    super.tearDown()
  }
  func check() { XCTAssertEqual(subject.bytes.count, 8 << 20) }
}

/// The hand-written fix at the point in XCTest's order where `@Resettable` resets: after the
/// last tearDown method, which on Linux is `tearDown() async`.
///
/// glibc keeps one extra subject's worth of heap here, for both this and `@Resettable`: XCTest
/// allocates for the async tearDown (its expectation and waiter, kept with the test case) after
/// the subject, so the freed 8 MB block is no longer at the top of the heap, cannot be merged
/// back into it, and the next subject gets a fresh 8 MB.
final class HandWrittenLateResetBenchmark: XCTestCase, BenchmarkCase {
  var subject: LargeSubject!
  override func setUp() {
    super.setUp()
    subject = LargeSubject()
  }
  override func tearDown() async throws {
    subject = nil
    try await super.tearDown()
  }
  func check() { XCTAssertEqual(subject.bytes.count, 8 << 20) }
}

/// The same with `@Resettable`.
final class ResettableBenchmark: FixtureTestCase, BenchmarkCase {
  @Resettable var subject: LargeSubject!
  override func setUp() {
    super.setUp()
    subject = LargeSubject()
  }
  func check() { XCTAssertEqual(subject.bytes.count, 8 << 20) }
}

// MARK: - Overhead: 5,000 tests that each use three test-scoped fixtures

/// Three resources created and closed by hand in setUp and tearDown.
final class HandWrittenSetUpBenchmark: XCTestCase, BenchmarkCase {
  var resource: Resource!
  private var resources: [Resource] = []
  override func setUp() {
    super.setUp()
    let first = Resource(1)
    let second = Resource(first.value + 1)
    let third = Resource(second.value + 1)
    resources = [first, second, third]
    resource = third
  }
  override func tearDown() {
    for resource in resources.reversed() { resource.close() }
    resources = []
    resource = nil
    super.tearDown()
  }
  func check() { XCTAssertEqual(resource.value, 3) }
}

/// The same by hand, in the async setUp and tearDown that asynchronous setup work needs.
final class HandWrittenAsyncSetUpBenchmark: XCTestCase, BenchmarkCase {
  var resource: Resource!
  private var resources: [Resource] = []
  override func setUp() async throws {
    try await super.setUp()
    let first = Resource(1)
    let second = Resource(first.value + 1)
    let third = Resource(second.value + 1)
    resources = [first, second, third]
    resource = third
  }
  override func tearDown() async throws {
    for resource in resources.reversed() { resource.close() }
    resources = []
    resource = nil
    try await super.tearDown()
  }
  func check() { XCTAssertEqual(resource.value, 3) }
}

/// The same three resources as fixtures, used from the synchronous `setUpWithError()`.
final class FixturesSyncSetUpBenchmark: FixtureTestCase, BenchmarkCase {
  @Resettable var resource: Resource!
  override func setUpWithError() throws {
    try super.setUpWithError()
    resource = try use(.third)
  }
  func check() { XCTAssertEqual(resource.value, 3) }
}

/// The same three resources as fixtures, used from the async `setUp()`.
final class FixturesBenchmark: FixtureTestCase, BenchmarkCase {
  @Resettable var resource: Resource!
  override func setUp() async throws {
    try await super.setUp()
    resource = try await use(.third)
  }
  func check() { XCTAssertEqual(resource.value, 3) }
}

// MARK: - Memory: thousands of tests, each with a 64 KB object made and released in the test

/// An object under test that holds 64 KB.
final class SmallSubject: Sendable {
  let bytes = [UInt8](repeating: 1, count: 64 << 10)
}

extension Fixture where Value == SmallSubject {
  static let smallSubject = Fixture("smallSubject") { context in
    let subject = SmallSubject()
    context.addTeardown { precondition(subject.bytes.count == 64 << 10) }
    return subject
  }
}

/// Plain XCTest: the object made in the test and released with it.
final class XCTestCaseMemoryBenchmark: XCTestCase, BenchmarkCase {
  func check() { XCTAssertEqual(SmallSubject().bytes.count, 64 << 10) }
}

/// A FixtureTestCase whose tests use the object as a test fixture.
final class FixtureTestCaseMemoryBenchmark: FixtureTestCase, BenchmarkCase {
  func check() throws { XCTAssertEqual(try use(.smallSubject).bytes.count, 64 << 10) }
}
