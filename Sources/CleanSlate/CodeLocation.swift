/// A place in source code: the line that declared a fixture, registered a teardown or called
/// `use(_:)`.
///
/// Every CleanSlate API that can lead to a failure captures the caller's location with default
/// arguments, so failures point at the user's line, never at CleanSlate's.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file ID (`Module/File.swift`), as `#fileID` gives it.
  public var fileID: String
  /// The full path of the file, as `#filePath` gives it.
  public var filePath: String
  /// The line number, starting at 1.
  public var line: Int
  /// The column number, starting at 1.
  public var column: Int

  /// Creates a location; the defaults capture the caller's position.
  public init(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The location as `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }
}
