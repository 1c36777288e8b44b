import Foundation

/// The region the shop serves, from the `SHOP_REGION` environment variable: one setting for the
/// whole process, as environment variables are.
public enum Region {
  /// The region now: `SHOP_REGION`, `eu` when unset.
  public static var current: String {
    ProcessInfo.processInfo.environment["SHOP_REGION"] ?? "eu"
  }

  /// Serves `region` from now on, for the whole process.
  public static func serve(_ region: String) {
    setenv("SHOP_REGION", region, 1)
  }
}
