import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client of the to-do API: the code under test. It knows nothing about tests: it takes the
/// server's address, and retries a request the server is too busy to answer.
public struct TodoClient: Sendable {
  /// What went wrong with a request.
  public enum Failure: Error, Equatable {
    /// The server answered with this status.
    case status(Int)
    /// The server was still unavailable (503) after every retry.
    case unavailable
  }

  public let baseURL: URL
  public var session: URLSession
  /// How many times a request answered 503 is sent again.
  public var retries: Int

  public init(baseURL: URL, session: URLSession = .shared, retries: Int = 2) {
    self.baseURL = baseURL
    self.session = session
    self.retries = retries
  }

  /// Every to-do, in the order they were added.
  public func todos() async throws -> [Todo] {
    try await send("GET", "/todos")
  }

  /// Adds a to-do and returns it with its id.
  public func add(_ title: String) async throws -> Todo {
    try await send("POST", "/todos", body: ["title": .string(title), "done": .bool(false)])
  }

  /// Marks a to-do done.
  public func complete(_ id: Int) async throws -> Todo {
    try await send("PATCH", "/todos/\(id)", body: ["done": .bool(true)])
  }

  /// Deletes every to-do that is done, and returns how many it deleted.
  public func deleteDone() async throws -> Int {
    let done = try await todos().filter(\.done)
    for todo in done {
      let _: Empty = try await send("DELETE", "/todos/\(todo.id)")
    }
    return done.count
  }

  private enum Field: Encodable {
    case string(String)
    case bool(Bool)

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let value): try container.encode(value)
      case .bool(let value): try container.encode(value)
      }
    }
  }

  private struct Empty: Decodable {}

  private func send<Answer: Decodable>(
    _ method: String, _ path: String, body: [String: Field]? = nil
  ) async throws -> Answer {
    var request = URLRequest(url: baseURL.appendingPathComponent(path))
    request.httpMethod = method
    if let body {
      request.httpBody = try JSONEncoder().encode(body)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for attempt in 0...retries {
      let (data, response) = try await session.data(for: request)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      switch status {
      case 200..<300:
        return try JSONDecoder().decode(Answer.self, from: data.isEmpty ? Data("{}".utf8) : data)
      case 503 where attempt < retries:
        continue
      case 503:
        throw Failure.unavailable
      default:
        throw Failure.status(status)
      }
    }
    throw Failure.unavailable
  }
}
