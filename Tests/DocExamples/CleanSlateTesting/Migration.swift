// swift-format-ignore-file
// The article that converts an XCTest case: the case before, and after.
import CleanSlateTesting
import Foundation
import Testing
import XCTest

/// The XCTest case as it was (a class of the same name as the suite it becomes).
enum BeforeCleanSlate {
  final class ImportTests: XCTestCase {
    nonisolated(unsafe) static var database: Database!
    var directory: URL!

    override class func setUp() {
      super.setUp()
      database = try! Database.open(.temporary)
    }

    override func setUp() async throws {
      try await super.setUp()
      directory = try makeUniqueDirectory()
    }

    func testImportsAFile() async throws {
      let importer = Importer(database: Self.database, inbox: directory)
      addTeardownBlock { importer.stop() }
      try await importer.run()
      XCTAssertEqual(try Self.database.count(), 1)
    }

    override func tearDown() async throws {
      try FileManager.default.removeItem(at: directory)
      try await super.tearDown()
    }

    override class func tearDown() {
      try? database.close()
      super.tearDown()
    }
  }
}

extension Fixture where Value == Database {
  /// One database for a whole suite, closed after its last test.
  static let database = Fixture("database", scope: .suite) { context in
    let database = try Database.open(.temporary)
    context.addTeardown { try database.close() }
    return database
  }
}

extension Fixture where Value == URL {
  /// A fresh directory for one test, removed when the test ends.
  static let inbox = Fixture("inbox") { context in
    let directory = try makeUniqueDirectory()
    context.addTeardown { try FileManager.default.removeItem(at: directory) }
    return directory
  }
}

extension Fixture where Value == Importer {
  /// An importer over the suite's database and the test's inbox, stopped when the test ends.
  static let importer = Fixture("importer") { context in
    let importer = Importer(
      database: try await context.use(.database), inbox: try await context.use(.inbox))
    context.addTeardown { importer.stop() }
    return importer
  }
}

@Suite(.fixtures(.database))
struct ImportTests {
  let importer: Importer

  init() async throws {
    importer = try await use(.importer)      // set up in this test's scope
  }

  @Test func importsAFile() async throws {
    try await importer.run()
    #expect(try await use(.database).count() == 1)
  }
}

final class ProfileXCTests: XCTestCase {
  let transport = RecordingTransport()

  // XCTest
  override func tearDown() {
    transport.verify()                          // skipped if setUp threw
    super.tearDown()
  }
  func testLoadsTheProfile() {
    let controller = ProfileController(transport: transport)
    addTeardownBlock { [weak controller] in XCTAssertNil(controller) }
    _ = controller
  }
}

// Swift Testing with CleanSlate
@Test(.cleanSlate) func loadsTheProfile() async throws {
  let transport = MockTransport()
  verifyLater(transport)                      // when the body ends, after tracked work
  let controller = ProfileController(transport: transport)
  expectDeallocation(of: controller)          // after every teardown of the test
  _ = controller
}
