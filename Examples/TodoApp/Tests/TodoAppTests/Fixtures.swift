import CleanSlate
import CleanSlateLaunchedApp
import Foundation

// One set of fixtures for the XCTest and the Swift Testing tests alike.

extension Fixture where Value == URL {
  /// The home the app keeps its data and settings in, shared by every test of the run like a
  /// real user's home: only the launch reset keeps one test's to-dos out of the next.
  static let appHome = Fixture("appHome", scope: .process) { context in
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-app-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    context.addTeardown { try FileManager.default.removeItem(at: home) }
    return home
  }
}

extension Fixture where Value == LaunchedApp {
  /// The built TodoApp, launched for one test with a reset request, ready once it greets.
  static let todoApp = Fixture.launchedApp("todoApp") { context in
    let home = try await context.use(.appHome)
    return LaunchedApp.Configuration(
      executable: LaunchedApp.builtProduct("TodoApp"),
      environment: [
        "XDG_DATA_HOME": home.appendingPathComponent("data").path,  // the items
        "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,  // UserDefaults on Linux
      ],
      readiness: .line(containing: "todo ready"),
      readyTimeout: .seconds(20))
  }
}

extension LaunchedApp {
  /// Sends a command and returns the first answer line containing `expected`.
  @discardableResult
  func command(_ line: String, expecting expected: String) async throws -> String {
    try await send(line)
    return try await waitForLine(containing: expected)
  }
}
