import Foundation

/// A receipt, printed in the machine's time zone.
public struct Receipt: Sendable {
  /// When the sale happened.
  public var date: Date

  public init(at date: Date) {
    self.date = date
  }

  /// The local time of the sale, `21:00`.
  public var time: String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }
}
