import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The failures the environment plants: FORMS_FIXTURE_FAIL names the tests that fail,
/// FORMS_FIXTURE_HIDE the failures their ends do not show.
enum Planted {
  /// Whether FORMS_FIXTURE_FAIL names `test`: then it fails. Asking also makes the process exit
  /// 1 once its tests have passed, when FORMS_FIXTURE_HIDE says `exit`.
  static func fails(_ test: String) -> Bool {
    _ = exitsAfterTheTests
    return list("FORMS_FIXTURE_FAIL").contains(test)
  }

  /// Whether FORMS_FIXTURE_HIDE asks for `failure`.
  static func hides(_ failure: String) -> Bool { list("FORMS_FIXTURE_HIDE").contains(failure) }

  private static let exitsAfterTheTests: Void = {
    if hides("exit") { atexit { _exit(1) } }
  }()

  private static func list(_ name: String) -> [String] {
    (ProcessInfo.processInfo.environment[name] ?? "").split(separator: ",").map(String.init)
  }
}
