import CleanSlate
import Foundation

/// The checks a test registers — verify-later, leak checks, notification expectations — taking
/// the location to report at, as a user's own expectation helpers forward theirs. The shared
/// scenarios call them through this in both frameworks.
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

/// The checks as both frameworks offer them: CleanSlate's global functions.
struct Checks: CheckAdapter {
  func verifyLater(_ subject: some SelfVerifying, at location: CodeLocation) {
    CleanSlate.verifyLater(
      subject, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  func expectDeallocation(of object: AnyObject, at location: CodeLocation) {
    CleanSlate.expectDeallocation(
      of: object, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  func expectNotification(
    _ name: Notification.Name, object: AnyObject?, timeout: Duration, at location: CodeLocation
  ) -> NotificationExpectation {
    CleanSlate.expectNotification(
      name, object: object, timeout: timeout, fileID: location.fileID,
      filePath: location.filePath, line: location.line, column: location.column)
  }
}
