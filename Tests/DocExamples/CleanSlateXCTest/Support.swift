// swift-format-ignore-file
// What the examples use and leave to the reader: the code under test and its mock.
import CleanSlate
import Foundation

func makeUniqueDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

struct Item {}

final class MockTransport: SelfVerifying {
  func verify() throws {}
}

final class Store {
  init(directory: URL) throws {}
  func save(_ item: Item, via transport: MockTransport) throws {}
}
