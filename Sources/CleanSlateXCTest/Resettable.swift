/// A property of a ``FixtureTestCase`` that is released at the end of every test, so that a
/// suite's memory does not grow with its test count.
///
/// XCTest keeps every test case instance alive until the whole run ends, and with it every
/// object the instance's properties hold. A `@Resettable` property lets go of its value after
/// the test's own tearDown methods, before the fixtures are torn down — the object under test
/// goes before what it was built on — whether or not `super.tearDown()` was called:
///
/// ```swift
/// final class ImageCacheTests: FixtureTestCase {
///   @Resettable var cache: ImageCache!                         // assigned in setUp
///   @Resettable(onReset: { $0.flush() }) var disk = DiskCache()  // created on first use
///
///   override func setUp() async throws {
///     try await super.setUp()
///     cache = ImageCache(disk: disk)
///   }
/// }
/// ```
///
/// An initial value is created lazily, on first use in each test, never when XCTest creates
/// the test case instances. Values may be classes or structs, optional, implicitly unwrapped
/// or not. The property may be declared in a superclass, in any module.
@propertyWrapper
public struct Resettable<Value> {
  private var value: Value?
  private let makeInitialValue: () -> Value
  private let resetAction: ((Value) -> Void)?
  private var isRegistered = false

  /// Not available: `@Resettable` works only on properties of a ``FixtureTestCase`` subclass,
  /// which resets them after every test.
  @available(
    *, unavailable,
    message: "@Resettable works only on properties of a FixtureTestCase subclass"
  )
  public var wrappedValue: Value {
    get { fatalError("@Resettable works only on properties of a FixtureTestCase subclass") }
    set { fatalError("@Resettable works only on properties of a FixtureTestCase subclass") }
  }

  /// Creates a property whose value is created on first use in each test and released after it.
  public init(wrappedValue: @autoclosure @escaping () -> Value) {
    makeInitialValue = wrappedValue
    resetAction = nil
  }

  /// Creates a property whose value is created on first use in each test, passed to `onReset`
  /// at the end of the test, then released.
  public init(
    wrappedValue: @autoclosure @escaping () -> Value, onReset: @escaping (Value) -> Void
  ) {
    makeInitialValue = wrappedValue
    resetAction = onReset
  }

  /// Creates a property whose value is created on first use in each test, reset with one of its
  /// methods (`onReset: Cache.flush`) at the end of the test, then released.
  public init(
    wrappedValue: @autoclosure @escaping () -> Value, onReset: @escaping (Value) -> () -> Void
  ) {
    makeInitialValue = wrappedValue
    resetAction = { onReset($0)() }
  }

  /// Creates an optional property that starts as `nil` in each test (assign it in `setUp`) and
  /// is set back to `nil` after it.
  public init() where Value: ExpressibleByNilLiteral {
    makeInitialValue = { nil }
    resetAction = nil
  }

  /// Creates an optional property that starts as `nil`; at the end of each test its value, if
  /// any, is passed to `onReset`, then released.
  public init<Wrapped>(onReset: @escaping (Wrapped) -> Void) where Value == Wrapped? {
    makeInitialValue = { nil }
    resetAction = { $0.map(onReset) }
  }

  /// Creates an optional property that starts as `nil`; at the end of each test its value, if
  /// any, is reset with one of its methods (`onReset: Cache.flush`), then released.
  public init<Wrapped>(onReset: @escaping (Wrapped) -> () -> Void) where Value == Wrapped? {
    makeInitialValue = { nil }
    resetAction = { $0.map { onReset($0)() } }
  }

  /// Creates an optional property whose value is created on first use in each test; at the end
  /// of the test its value, if any, is passed to `onReset`, then released.
  public init<Wrapped>(
    wrappedValue: @autoclosure @escaping () -> Value, onReset: @escaping (Wrapped) -> Void
  ) where Value == Wrapped? {
    makeInitialValue = wrappedValue
    resetAction = { $0.map(onReset) }
  }

  /// Creates an optional property whose value is created on first use in each test; at the end
  /// of the test its value, if any, is reset with one of its methods, then released.
  public init<Wrapped>(
    wrappedValue: @autoclosure @escaping () -> Value,
    onReset: @escaping (Wrapped) -> () -> Void
  ) where Value == Wrapped? {
    makeInitialValue = wrappedValue
    resetAction = { $0.map { onReset($0)() } }
  }

  /// Reads and writes the property through the test case that holds it, registering it there
  /// the first time, so that the test case resets it after the test.
  public static subscript<TestCase: FixtureTestCase>(
    _enclosingInstance testCase: TestCase,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<TestCase, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<TestCase, Self>
  ) -> Value {
    get {
      register(in: testCase, storageKeyPath)
      if let value = testCase[keyPath: storageKeyPath].value { return value }
      let value = testCase[keyPath: storageKeyPath].makeInitialValue()
      testCase[keyPath: storageKeyPath].value = value
      return value
    }
    set {
      register(in: testCase, storageKeyPath)
      testCase[keyPath: storageKeyPath].value = newValue
    }
  }

  private static func register<TestCase: FixtureTestCase>(
    in testCase: TestCase, _ storageKeyPath: ReferenceWritableKeyPath<TestCase, Self>
  ) {
    guard !testCase[keyPath: storageKeyPath].isRegistered else { return }
    testCase[keyPath: storageKeyPath].isRegistered = true
    testCase.resettables.append(storageKeyPath)
  }

  /// Passes the value to the reset action, if there is a value, then releases it.
  mutating func reset() {
    isRegistered = false
    guard let value else { return }
    self.value = nil
    resetAction?(value)
  }
}

/// The storage of a `@Resettable` property, reset through a type-erased key path.
protocol ResettableStorage {
  /// Runs the reset action, if any, and releases the value.
  mutating func reset()
}

extension Resettable: ResettableStorage {}

/// A key path to a `@Resettable` property's storage, kept by its test case until the test ends.
///
/// Registering a property keeps the key path the property wrapper was handed, rather than a
/// closure capturing it: no allocation per property and test beyond the list's own.
protocol ResettableKeyPath {
  /// Resets the property this key path leads to in `testCase`.
  func reset(in testCase: FixtureTestCase)
}

extension ReferenceWritableKeyPath: ResettableKeyPath
where Root: FixtureTestCase, Value: ResettableStorage {
  func reset(in testCase: FixtureTestCase) {
    (testCase as? Root)?[keyPath: self].reset()
  }
}

extension FixtureTestCase {
  /// Resets every `@Resettable` property that was used, the most recently registered first.
  ///
  /// A property used again by a reset action is registered anew and reset after the next test.
  func resetResettables() {
    let count = resettables.count
    for index in stride(from: count - 1, through: 0, by: -1) {
      resettables[index].reset(in: self)
    }
    resettables.removeFirst(count)
  }
}
