// swift-format-ignore-file
// What the examples use and leave to the reader: the client under test and its todos.
#if HTTP
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// A client of the todo service.
  struct TodoClient {
    let baseURL: URL
    func add(_ title: String) async throws {}
    func completeAll() async throws {}
  }

  struct Todo: Codable {
    var title: String
    var done: Bool
  }

  /// How the app sends its requests.
  protocol Transport {
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
  }
#endif
