/// Something that can check, at the end of a test, that it was used as expected — a mock's
/// expectations, a fake server's pending requests.
///
/// Register it with ``verifyLater(_:fileID:filePath:line:column:)`` where you create it, in
/// XCTest or Swift Testing, and it is verified when the test body ends:
///
/// ```swift
/// final class MockTransport: Transport, SelfVerifying {
///   var expectedRequests: [Request] = []
///   func verify() throws {
///     guard expectedRequests.isEmpty else { throw UnmetExpectations(expectedRequests) }
///   }
/// }
///
/// let transport = MockTransport()
/// verifyLater(transport)              // a failure is reported at this line
/// ```
public protocol SelfVerifying {
  /// Throws an error that says what was expected and did not happen.
  func verify() throws
}
