// swift-format-ignore-file
// The code examples of CleanSlateLaunch's documentation (its DocC catalog), compiled, never run:
// scripts/check-doc-examples.sh checks that each example is here. The app side is an app's
// main file.
import CleanSlateLaunch
import Foundation

let report = LaunchReset(stores: [
  .directory(applicationSupport),
  .file(cacheIndex),
  .defaults(suite: "com.example.todo"),
  .custom("image cache") { try ImageCache.shared.removeAll() },
]).performIfRequested()
if report.outcome != .notRequested { print(report) }

// ... start the app as usual

/// The test side, with XCUITest's `XCUIApplication` (`app` here).
func launch(_ app: UIApplicationUnderTest) {
  let request = LaunchResetRequest()
  app.launchArguments += request.arguments
  app.launchEnvironment.merge(request.environment) { _, new in new }
  app.launch()
}
