internal import CleanSlate
internal import Testing

extension SelectedCase {
  /// Whether `testCase` of `test` runs: `true` unless `CLEANSLATE_TEST_CASE` names another case
  /// of the same test; cancels the case when Swift Testing can (Swift 6.3's `Test.cancel`; with
  /// an older compiler, the case ends at once without running).
  static func runs(_ test: Test, _ testCase: Test.Case?) throws -> Bool {
    guard let named, let testCase, testCase.isParameterized,
      excludes(TestIdentity(test.id, case: testCase))
    else { return true }
    #if compiler(>=6.3)
      try Test.cancel("CLEANSLATE_TEST_CASE runs the case \(named) only")
    #else
      return false
    #endif
  }
}
