package import CleanSlate
package import CleanSlateTestProcess

/// Runs some of a package's tests, the victim last, and says how each ended.
///
/// ``SwiftTestRunner`` launches the package's built tests; tests of the bisection give it a
/// runner that simulates a suite, so that what the algorithm costs is checked without building
/// one.
package protocol TestRunner: Sendable {
  /// Runs `tests`, in the package's own order, one at a time; the last one is the victim.
  func run(_ tests: [TestName], victim: TestName) async throws -> Launch
}
