import Foundation

/// The XCTest tests of a test product, as XCTest lists them with `--dump-tests-json` (what SwiftPM
/// reads to select tests): `{"name":"All tests","tests":[{"name":"debug.xctest","tests":[{"name":
/// "Module.Class","tests":[{"name":"testMethod"}]}]}]}`.
package enum XCTestListing {
  /// The specifiers (`Module.Class/testMethod`) of the listing `json`, in its order; `nil` when it
  /// is not one.
  package static func specifiers(inDump json: String) -> [String]? {
    guard let start = json.firstIndex(of: "{"),
      let root = try? JSONSerialization.jsonObject(with: Data(json[start...].utf8))
        as? [String: Any]
    else { return nil }
    var specifiers: [String] = []
    for bundle in tests(of: root) {
      for testCase in tests(of: bundle) {
        guard let caseName = testCase["name"] as? String else { continue }
        for test in tests(of: testCase) {
          if let name = test["name"] as? String { specifiers.append("\(caseName)/\(name)") }
        }
      }
    }
    return specifiers
  }

  private static func tests(of object: [String: Any]) -> [[String: Any]] {
    object["tests"] as? [[String: Any]] ?? []
  }
}
