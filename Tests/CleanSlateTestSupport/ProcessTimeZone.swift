import CleanSlate
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's time zone as each of its readers sees it: the `TZ` variable, Foundation's
/// current, system and default zones, a new formatter's and the current calendar's, and the C
/// library's offset from UTC.
package struct ProcessTimeZone: Hashable, Sendable, CustomStringConvertible {
  package var variable: String?
  package var current: String
  package var system: String
  package var defaultZone: String
  package var formatter: String
  package var calendar: String
  package var localtimeOffset: Int

  /// What the readers see now.
  package static var now: ProcessTimeZone {
    var now = time(nil)
    var local = tm()
    localtime_r(&now, &local)
    return ProcessTimeZone(
      variable: getenv("TZ").map { String(cString: $0) },
      current: TimeZone.current.identifier,
      system: NSTimeZone.system.identifier,
      defaultZone: NSTimeZone.default.identifier,
      formatter: DateFormatter().timeZone.identifier,
      calendar: Calendar.current.timeZone.identifier,
      localtimeOffset: Int(local.tm_gmtoff))
  }

  /// Whether every reader sees the zone `identifier` names, `TZ` naming it so.
  package func isEverywhere(_ identifier: String) -> Bool {
    guard let zone = TimeZone(identifier: identifier) else { return false }
    return variable == identifier && localtimeOffset == zone.secondsFromGMT()
      && [current, system, defaultZone, formatter, calendar].allSatisfy { $0 == zone.identifier }
  }

  package var description: String {
    "TZ=\(variable ?? "(unset)") current=\(current) system=\(system) default=\(defaultZone) formatter=\(formatter) calendar=\(calendar) localtime=\(localtimeOffset)s"
  }
}

/// Runs `body` holding the lock of the tests that change process state: no CleanSlate
/// process-state fixture is in use meanwhile, so what `body` sees is the state between tests.
package func withProcessStateLock<R>(_ body: () throws -> R) async throws -> R {
  try await ProcessStateLock.shared.acquire()
  defer { ProcessStateLock.shared.release() }
  return try body()
}

/// Eight zones, each at another offset from UTC now.
package let eightZones = [
  "Asia/Tokyo", "America/New_York", "Europe/Paris", "Australia/Sydney", "Asia/Kolkata",
  "America/Sao_Paulo", "Pacific/Auckland", "UTC",
]
