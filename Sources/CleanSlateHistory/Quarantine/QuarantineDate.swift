package import Foundation

/// A day of the calendar, as a quarantine file writes it (`2026-12-31`), in UTC: every machine of
/// a CI fleet agrees on when an entry expires.
package struct QuarantineDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var year: Int
  package var month: Int
  package var day: Int

  /// The day `text` names, `YYYY-MM-DD`; `nil` when it is not a day of the calendar.
  package init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1
    else { return nil }
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = day
    guard let date = Self.calendar.date(from: components),
      Self.calendar.component(.day, from: date) == day
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `date` falls on, in UTC.
  package init(_ date: Date) {
    let components = Self.calendar.dateComponents([.year, .month, .day], from: date)
    year = components.year ?? 1970
    month = components.month ?? 1
    day = components.day ?? 1
  }

  /// The day `days` after this one.
  package func adding(days: Int) -> QuarantineDate {
    QuarantineDate(start.addingTimeInterval(Double(days) * 86_400))
  }

  /// Its first instant, in UTC.
  package var start: Date {
    Self.calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? .distantPast
  }

  package static func < (lhs: QuarantineDate, rhs: QuarantineDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  package var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
