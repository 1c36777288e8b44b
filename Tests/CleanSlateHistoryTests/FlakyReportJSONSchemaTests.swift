import CleanSlateHistory
import Foundation
import Testing

/// `cleanslate flaky --json` against its documentation: the DocC article's table of keys
/// ("The JSON report" in FlakyTestsOverTime.md) names every key the report writes, with its type,
/// and nothing else.
@Suite struct FlakyReportJSONSchemaTests {
  /// Each key the article documents, `tests[].failureRate.value`, with its type: `integer`,
  /// `string or null`, ….
  static func documentedKeys() throws -> [String: String] {
    let article = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/CleanSlate/CleanSlate.docc/FlakyTestsOverTime.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let section =
      try #require(text.components(separatedBy: "### The JSON report").last)
      .components(separatedBy: "\n### ").first ?? ""
    var keys: [String: String] = [:]
    for line in section.split(separator: "\n") {
      guard let match = line.wholeMatch(of: /\| `([^`]+)` \| ([a-z ]+) \| .+ \|/) else { continue }
      keys[String(match.1)] = String(match.2)
    }
    return keys
  }

  /// A JSON value, its numbers told apart: a whole number is an integer.
  enum Value: Decodable {
    case null, boolean, integer, number, string
    case array([Value])
    case object([String: Value])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if (try? container.decode(Bool.self)) != nil {
        self = .boolean
      } else if (try? container.decode(Int.self)) != nil {
        self = .integer
      } else if (try? container.decode(Double.self)) != nil {
        self = .number
      } else if (try? container.decode(String.self)) != nil {
        self = .string
      } else if let array = try? container.decode([Value].self) {
        self = .array(array)
      } else {
        self = .object(try container.decode([String: Value].self))
      }
    }

    /// The type as the article names it.
    var type: String {
      switch self {
      case .null: "null"
      case .boolean: "boolean"
      case .integer: "integer"
      case .number: "number"
      case .string: "string"
      case .array: "array"
      case .object: "object"
      }
    }

    /// Each key under `path`, with the types of its values: objects and arrays of objects walked
    /// into, a test's `cause` (the summary JSON's, documented with it) not.
    func keys(at path: String = "", into keys: inout [String: Set<String>]) {
      switch self {
      case .object(let object):
        for (key, child) in object {
          let childPath = path.isEmpty ? key : "\(path).\(key)"
          keys[childPath, default: []].insert(child.type)
          if childPath != "tests[].cause" { child.keys(at: childPath, into: &keys) }
        }
      case .array(let array):
        for element in array { element.keys(at: "\(path)[]", into: &keys) }
      default:
        break
      }
    }
  }

  @Test func everyKeyTheReportWritesIsDocumentedWithItsTypeAndEveryDocumentedKeyIsWritten()
    throws
  {
    // Given a report with every kind of test, a quarantine's advice of each kind, and a cause
    var file = QuarantineFile()
    file.put(
      QuarantineEntry(
        test: "App.Order/testJSON", added: QuarantineDate("2026-09-01")!,
        until: QuarantineDate("2026-09-22")!, reason: "hash order"))
    file.put(
      QuarantineEntry(
        test: "App.Gone/testOld", added: QuarantineDate("2026-09-01")!,
        until: QuarantineDate("2026-12-31")!, reason: "renamed"))
    let report = FlakyReport(
      store: "runs.sqlite", history: FlakyReportTests.history(), ranking: FlakyRanking(),
      quarantine: (file, "quarantine.txt"), today: QuarantineDate("2026-09-23")!)

    // When it is written as JSON
    let json = report.json()
    var written: [String: Set<String>] = [:]
    try JSONDecoder().decode(Value.self, from: Data(json.utf8)).keys(into: &written)

    // Then the article documents each key it holds, and no other
    let documented = try Self.documentedKeys()
    #expect(documented.count > 30)
    #expect(Set(written.keys) == Set(documented.keys))
    // And each value is of a type the article gives its key
    for (key, types) in written {
      let allowed = Set((documented[key] ?? "").components(separatedBy: " or "))
      let numbers: Set<String> = allowed.contains("number") ? ["number", "integer"] : []
      #expect(types.isSubset(of: allowed.union(numbers)), "\(key): \(types) against \(allowed)")
    }
    #expect(json.hasPrefix("{\"schemaVersion\":\(FlakyReport.jsonSchemaVersion),"))
  }
}
