import CleanSlate
import Foundation

/// The checks a test registers — verify-later, leak checks, notification expectations — as
/// each framework offers them: `FixtureTestCase` methods in XCTest, global functions in Swift
/// Testing. The shared scenarios call them through this, so both frameworks run the same code.
protocol CheckAdapter {
  func verifyLater(_ subject: some SelfVerifying, at location: CodeLocation)
  func expectDeallocation(of object: AnyObject, at location: CodeLocation)
  func expectNotification(
    _ name: Notification.Name, object: AnyObject?, timeout: Duration, at location: CodeLocation
  ) -> NotificationExpectation
}

extension CheckAdapter {
  // These forward the caller's location, as a user's own expectation helpers do, so that
  // failures land on the scenario's lines.

  func verify(
    _ subject: some SelfVerifying, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
  ) {
    verifyLater(
      subject, at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectReleased(
    _ object: AnyObject, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
  ) {
    expectDeallocation(
      of: object, at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectPosted(
    _ name: Notification.Name, by object: AnyObject? = nil, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
  ) -> NotificationExpectation {
    expectNotification(
      name, object: object, timeout: timeout,
      at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
