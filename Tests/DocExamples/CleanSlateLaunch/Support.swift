// swift-format-ignore-file
// What the examples use and leave to the reader: the app's stores, and XCUITest's application,
// which only Apple platforms have.
import Foundation

let applicationSupport = FileManager.default.temporaryDirectory.appendingPathComponent("support")
let cacheIndex = FileManager.default.temporaryDirectory.appendingPathComponent("cache.index")

final class ImageCache: Sendable {
  static let shared = ImageCache()
  func removeAll() throws {}
}

/// What `XCUIApplication` offers the examples.
final class UIApplicationUnderTest {
  var launchArguments: [String] = []
  var launchEnvironment: [String: String] = [:]
  func launch() {}
}
