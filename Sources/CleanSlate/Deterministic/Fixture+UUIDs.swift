extension Fixture where Value == UUIDGenerator {
  /// UUIDs that count up from zero in every test: `00000000-0000-0000-0000-000000000000`, then
  /// `…0001`, and so on.
  ///
  /// ```swift
  /// let uuid = try await use(.uuids)
  /// let order = Order(id: uuid())      // 00000000-0000-0000-0000-000000000000
  /// let line = OrderLine(id: uuid())   // 00000000-0000-0000-0000-000000000001
  /// ```
  ///
  /// Inject the generator where the code under test makes its identifiers (`UUID()`), and the
  /// identifiers it makes are the same in every run: expected values can be written down, and
  /// a failure's output reads the same each time. Each test starts from zero again; every use
  /// in one test returns the same generator, which counts on.
  public static var uuids: Fixture<UUIDGenerator> { uuidsFixture }
}

private let uuidsFixture = Fixture<UUIDGenerator>("uuids") { _ in UUIDGenerator() }
