import CleanSlateXCTest
import XCTest

/// Rule "Resettable properties": `@Resettable` properties are released after every test, after
/// the test's own tearDown methods, although XCTest keeps the test case instances alive.
final class ResettableTests: XCTestCase {
  nonisolated(unsafe) private static var runs: [String: NestedRun] = [:]

  override class func setUp() {
    super.setUp()
    runs = [
      "kinds": NestedRun(
        ResettableKindsCase.self, [("assignsEveryKind", ResettableKindsCase.assignsEveryKind)]),
      "lazy": NestedRun(
        ResettableKindsCase.self, [("usesLazyValue", ResettableKindsCase.usesLazyValue)]),
      "inherited": NestedRun(
        InheritingCase.self, [("setsInheritedProperty", InheritingCase.setsInheritedProperty)]),
      "noSuper": NestedRun(
        NoSuperTearDownCase.self, [("setsProperty", NoSuperTearDownCase.setsProperty)]),
    ]
  }

  func testValuesAreReleasedAfterTheTestWhileTheTestCaseStaysAlive() throws {
    // Given resettable optional, implicitly unwrapped and struct properties, and a plain one
    // When a test assigns all of them and ends (its test case instance is still alive)
    let run = try XCTUnwrap(Self.runs["kinds"])

    // Then the reset actions ran after the tearDown methods, and every resettable value was
    // released, the most recently registered first; the plain property still holds its value
    XCTAssertEqual(
      run.events,
      [
        "init plain", "init unwrapped", "init optional", "init in struct", "tearDown()",
        "deinit in struct", "reset optional", "deinit optional", "reset unwrapped",
        "deinit unwrapped",
      ])
    XCTAssertEqual(run.failureCount, 0)
    XCTAssertEqual(run.testCases.count, 1)
  }

  func testInitialValueIsCreatedOnFirstUseNotWhenTheTestCaseIsCreated() throws {
    // Given a resettable with an initial value, and test case instances created up front
    // When the test uses it
    let run = try XCTUnwrap(Self.runs["lazy"])

    // Then it was created in the test, reset with its method and released after it
    XCTAssertEqual(
      run.events, ["body", "init lazy", "tearDown()", "flush lazy", "deinit lazy"])
  }

  func testPropertyDeclaredInASuperclassIsReleased() throws {
    // Given a resettable declared in a base class
    // When a subclass's test assigns it
    let run = try XCTUnwrap(Self.runs["inherited"])

    // Then it is released after the test
    XCTAssertEqual(run.events, ["init inherited", "deinit inherited"])
  }

  func testValueIsReleasedWhenTearDownOverridesForgetSuper() throws {
    // Given a test case whose tearDown overrides never call super
    // When a test assigns a resettable
    let run = try XCTUnwrap(Self.runs["noSuper"])

    // Then it is still released
    XCTAssertEqual(run.events, ["init subject", "tearDown() without super", "deinit subject"])
    XCTAssertEqual(run.failureCount, 0)
  }
}

final class ResettableKindsCase: RecordingTestCase {
  struct Wrapper { let tracked: Tracked }
  final class Flushable {
    let tracked = Tracked("lazy")
    func flush() { log("flush lazy") }
  }

  var plain: Tracked?
  @Resettable(onReset: { _ in log("reset unwrapped") }) var unwrapped: Tracked!
  @Resettable(onReset: { (value: Tracked) in log("reset \(value.name)") }) var optional: Tracked?
  @Resettable var wrapper: Wrapper?
  @Resettable(onReset: Flushable.flush) var lazy = Flushable()

  func assignsEveryKind() {
    plain = Tracked("plain")
    unwrapped = Tracked("unwrapped")
    optional = Tracked("optional")
    wrapper = Wrapper(tracked: Tracked("in struct"))
  }

  func usesLazyValue() {
    log("body")
    _ = lazy.tracked
  }

  override func tearDown() {
    log("tearDown()")
    super.tearDown()
  }
}

class ResettableBaseCase: RecordingTestCase {
  @Resettable var inherited: Tracked!
}

final class InheritingCase: ResettableBaseCase {
  func setsInheritedProperty() { inherited = Tracked("inherited") }
}

final class NoSuperTearDownCase: RecordingTestCase {
  @Resettable var subject: Tracked!

  func setsProperty() { subject = Tracked("subject") }

  override func tearDown() { log("tearDown() without super") }
  override func tearDownWithError() throws {}
  override func tearDown() async throws {}
}
