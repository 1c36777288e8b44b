internal import CleanSlate
internal import Foundation
internal import Testing

/// The one argument case of a parameterized test that `CLEANSLATE_TEST_CASE` asks a run to run:
/// the test's name and the case's arguments, as ``TestIdentity`` describes them
/// (`Shop.OrderTests/itemsAsJSON(count:) (count → 4)`). `swift test --filter` selects a test,
/// never one of its cases, so `cleanslate test --explain` reproduces a flaky case with it. The
/// test's other cases are cancelled (Swift 6.3's `Test.cancel`; with an older compiler, they end
/// at once without running); other tests are not concerned.
enum SelectedCase {
  /// The case `CLEANSLATE_TEST_CASE` names, if it is set.
  static let named: String? = {
    let value = ProcessInfo.processInfo.environment["CLEANSLATE_TEST_CASE"] ?? ""
    return value.isEmpty ? nil : value
  }()

  /// Whether `testCase` of `test` runs: `true` unless `CLEANSLATE_TEST_CASE` names another case
  /// of the same test; cancels the case when Swift Testing can.
  static func runs(_ test: Test, _ testCase: Test.Case?) throws -> Bool {
    guard let named, let testCase, testCase.isParameterized else { return true }
    let identity = TestIdentity(test.id, case: testCase)
    guard named.hasPrefix(identity.name + " ("), identity.description != named else {
      return true
    }
    #if compiler(>=6.3)
      try Test.cancel("CLEANSLATE_TEST_CASE runs the case \(named) only")
    #else
      return false
    #endif
  }
}
