#if HTTP
  public import Foundation

  /// A JSON value: what a fake server's resources store, and what handlers read and answer when
  /// the test has no type of its own for a body.
  ///
  /// Literals make one, so seeding a store or answering a request reads like the JSON itself:
  ///
  /// ```swift
  /// let todo: [String: JSONValue] = ["title": "Buy milk", "done": false, "tags": ["home"]]
  /// server.route(.get, "/status") { _ in .json(["healthy": true, "version": 3]) }
  /// ```
  public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; whole numbers are written without a fraction (`3`, not `3.0`).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
  }

  extension JSONValue {
    /// Parses JSON text.
    ///
    /// - Throws: ``FakeServer/BadRequest`` with the parser's reason when `data` is not JSON, so a
    ///   handler that lets it propagate answers 400.
    public init(parsing data: Data) throws {
      do {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
      } catch {
        throw FakeServer.BadRequest("The body is not valid JSON: \(JSONValue.reason(for: error))")
      }
    }

    /// Decodes the value as a `Decodable` type, as if its JSON text had been received.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
      try JSONDecoder().decode(type, from: try encoded())
    }

    /// The value as JSON text, keys sorted.
    public func encoded() throws -> Data {
      try JSONValue.encoder.encode(self)
    }

    /// The value of `key` when this is an object; `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
      guard case .object(let object) = self else { return nil }
      return object[key]
    }

    /// The string, when this is one.
    public var stringValue: String? {
      guard case .string(let string) = self else { return nil }
      return string
    }

    /// The number, when this is one.
    public var doubleValue: Double? {
      guard case .number(let number) = self else { return nil }
      return number
    }

    /// The number as an integer, when this is a whole number.
    public var intValue: Int? {
      guard case .number(let number) = self, let integer = Int(exactly: number) else { return nil }
      return integer
    }

    /// The Boolean, when this is one.
    public var boolValue: Bool? {
      guard case .bool(let bool) = self else { return nil }
      return bool
    }

    /// The object's members, when this is an object.
    public var objectValue: [String: JSONValue]? {
      guard case .object(let object) = self else { return nil }
      return object
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
      guard case .array(let array) = self else { return nil }
      return array
    }

    /// The encoder used for every body the fake writes: sorted keys, so bodies are stable.
    static let encoder: JSONEncoder = {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return encoder
    }()

    /// A short reason for a decoding failure, without the coding path noise of its description.
    static func reason(for error: any Error) -> String {
      switch error {
      case DecodingError.dataCorrupted(let context):
        let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
        return [context.debugDescription, underlying.map { "\($0)" }]
          .compactMap { $0 }.joined(separator: " ")
      case DecodingError.keyNotFound(let key, _):
        return "no value for the key '\(key.stringValue)'."
      case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
      default:
        return "\(error)"
      }
    }
  }

  extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, keys sorted.
    public var description: String {
      (try? encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "\(self)"
    }
  }
#endif
