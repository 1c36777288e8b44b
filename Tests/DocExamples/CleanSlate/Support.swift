// swift-format-ignore-file
// What the examples use and leave to the reader.
import CleanSlate
import Foundation

func makeUniqueDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

final class Store: Sendable {
  init(directory: URL) throws {}
}

extension Notification.Name {
  static let storeDidSave = Notification.Name("storeDidSave")
}

struct Importer {
  let store: Store
  func run() async throws {}
}

final class Server: Sendable {
  static func start() async throws -> Server { Server() }
  func stop() async {}
}

protocol Transport {}

struct Request {}

struct UnmetRequests: Error {
  init(_ requests: [Request]) {}
}

struct RecordingTransport {
  var requests: [Request] = []
}

final class Thumbnails: Sendable {
  func refresh() async {}
}

struct Model {
  func save() {}
}

struct MissingConfiguration: Error {}
