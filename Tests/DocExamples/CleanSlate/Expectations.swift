// swift-format-ignore-file
import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Foundation
import Testing

func expectValidUUID(
  _ string: String,
  fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  guard UUID(uuidString: string) == nil else { return }
  reportFailure(
    "'\(string)' is not a valid UUID",
    fileID: fileID, filePath: filePath, line: line, column: column)
}

extension FixtureTestCase {
  func expectSave(
    of store: Store,
    fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
  ) {
    expectNotification(
      .storeDidSave, object: store,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

final class ImportXCTests: FixtureTestCase {
  func testImportSavesTheStore() async throws {
    let store = try Store(directory: await use(.scratch))
    let importer = Importer(store: store)
    expectSave(of: store)          // fails here if the store was not saved by the end of the body
    try await importer.run()
  }
}

extension Fixture where Value == String {
  static let config = Fixture("config") { _ in throw MissingConfiguration() }
  static let misconfigured = Fixture("misconfigured") { context in
    try await context.use(.config)
  }
}

@Test func misconfiguredNamesItsDependency() async {
  let failure = await expectSetupFailure { _ = try await use(.misconfigured) }
  #expect(failure?.dependencyPath == ["misconfigured", "config"])   // or XCTAssertEqual
}
