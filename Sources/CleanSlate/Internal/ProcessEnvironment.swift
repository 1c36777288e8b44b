import Foundation

/// Reads the process environment as it is now (not as it was at launch, like
/// `ProcessInfo.environment` on some platforms).
enum ProcessEnvironment {
  static func value(of name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
  }
}
