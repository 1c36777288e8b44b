import Foundation

/// The one argument case of a parameterized test that `CLEANSLATE_TEST_CASE` asks a run to run:
/// the test's name and the case's arguments, as ``TestIdentity`` describes them
/// (`Shop.OrderTests/itemsAsJSON(count:) (count → 4)`). `swift test --filter` selects a test,
/// never one of its cases, so `cleanslate test --explain` reproduces a flaky case with it. The
/// test's other cases do not run; other tests are not concerned.
package enum SelectedCase {
  /// The case `CLEANSLATE_TEST_CASE` names, if it is set.
  package static let named: String? = {
    let value = ProcessInfo.processInfo.environment["CLEANSLATE_TEST_CASE"] ?? ""
    return value.isEmpty ? nil : value
  }()

  /// Whether `identity`, a case of a parameterized test, is another case of the test whose case
  /// `CLEANSLATE_TEST_CASE` names: then it does not run.
  package static func excludes(_ identity: TestIdentity) -> Bool {
    guard let named else { return false }
    return named.hasPrefix(identity.name + " (") && identity.description != named
  }
}
