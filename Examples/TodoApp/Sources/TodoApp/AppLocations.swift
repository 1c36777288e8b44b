import Foundation

/// Where the app keeps its data: `--data-dir PATH`, else `$XDG_DATA_HOME/todo`, else the
/// platform's application-support directory.
struct AppLocations {
  let dataDirectory: URL

  static func current(
    arguments: [String] = CommandLine.arguments,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> AppLocations {
    if let flag = arguments.firstIndex(of: "--data-dir"), flag + 1 < arguments.count {
      return AppLocations(dataDirectory: URL(fileURLWithPath: arguments[flag + 1]))
    }
    if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
      return AppLocations(
        dataDirectory: URL(fileURLWithPath: dataHome).appendingPathComponent("todo"))
    }
    let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
    return AppLocations(dataDirectory: support[0].appendingPathComponent("TodoApp"))
  }
}
