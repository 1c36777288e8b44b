public import Foundation

extension Fixture where Value == URL {
  /// Makes the test's ``temporaryDirectory`` the current directory for one test, and returns it.
  ///
  /// ```swift
  /// _ = try await use(.currentDirectory)
  /// try Data().write(to: URL(fileURLWithPath: "output.txt"))  // lands in the sandbox
  /// ```
  ///
  /// The previous current directory is restored when the test ends. Tests that change process
  /// state wait for each other, so relative paths resolve in each test's own directory.
  public static var currentDirectory: Fixture<URL> { currentDirectoryFixture }

  /// Makes `directory` the current directory for one test, and returns it.
  ///
  /// Each call makes a new fixture; the current directory is restored when the test ends.
  public static func currentDirectory(
    _ directory: URL,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Fixture<URL> {
    Fixture(
      "currentDirectory(\(directory.path))",
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { context in
      try await context.use(.processStateLock)
      try CurrentDirectoryChange.change(to: directory, undoingIn: context)
      return directory
    }
  }
}

private let currentDirectoryFixture = Fixture<URL>("currentDirectory") { context in
  let directory = try await context.use(.temporaryDirectory)
  try await context.use(.processStateLock)
  try CurrentDirectoryChange.change(to: directory, undoingIn: context)
  return directory
}

/// Changes the process's current directory and registers the teardown that changes it back.
enum CurrentDirectoryChange {
  static func change(to directory: URL, undoingIn context: FixtureContext) throws {
    let previous = FileManager.default.currentDirectoryPath
    try change(to: directory.path)
    context.addTeardown { try change(to: previous) }
  }

  private static func change(to path: String) throws {
    guard FileManager.default.changeCurrentDirectoryPath(path) else {
      throw CurrentDirectoryError(path: path)
    }
  }
}

/// The current directory could not be changed.
struct CurrentDirectoryError: Error, CustomStringConvertible {
  var path: String
  var description: String {
    "Could not make '\(path)' the current directory (does it exist, is it a directory you may enter?)."
  }
}
