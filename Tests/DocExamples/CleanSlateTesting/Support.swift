// swift-format-ignore-file
// What the examples use and leave to the reader: the code under test and its mocks.
import CleanSlate
import Foundation

func makeUniqueDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

struct Exporter {
  func write(to directory: URL) throws {}
}

struct Item {}

final class MockTransport: SelfVerifying, Sendable {
  func verify() throws {}
}

/// A mock of the XCTest days: verified by hand.
final class RecordingTransport: Sendable {
  func verify() {}
}

final class Store: Sendable {
  init(transport: MockTransport) {}
  func save(_ item: Item) async throws {}
}

extension Notification.Name {
  static let storeDidSave = Notification.Name("storeDidSave")
}

final class ProfileController: Sendable {
  init(transport: MockTransport) {}
  init(transport: RecordingTransport) {}
}

final class Database: Sendable {
  enum Location { case temporary }
  static func open(_ location: Location) throws -> Database { Database() }
  func count() throws -> Int { 0 }
  func close() throws {}
}

final class Importer: Sendable {
  init(database: Database, inbox: URL) {}
  func run() async throws {}
  func stop() {}
}
