import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Fixture where Value == Void {
  /// Makes `identifier` the process's time zone for one test, and restores the previous one
  /// exactly afterwards.
  ///
  /// ```swift
  /// try await use(.timeZone("Asia/Tokyo"))
  /// #expect(Receipt(printedAt: midnightUTC).header == "1 Jan 2026 09:00")
  /// ```
  ///
  /// For the test, `TimeZone.current`, `NSTimeZone.system` and `NSTimeZone.default`, new
  /// `DateFormatter`s and `Calendar.current`, the C library's `localtime` and the processes the
  /// test launches all use that zone. The fixture sets `TZ`, has Foundation read it again
  /// (`NSTimeZone.resetSystemTimeZone()`), and sets `NSTimeZone.default`, which formatters and
  /// calendars follow. When the test ends, `TZ` gets back its value — or is unset again if it
  /// was unset — Foundation reads it again, and the default zone gets back the zone it was. A
  /// formatter or a `TimeZone` made before keeps its zone: make them in the test.
  ///
  /// `identifier` is a name of the tz database (`Asia/Tokyo`, `America/New_York`, `UTC`,
  /// `Etc/GMT-9`). The test fails at the line that asked, saying what to use instead, when the
  /// name is unknown, and when Foundation and the C library would read it differently: `GMT+9`
  /// is nine hours east to Foundation and nine hours west to `localtime` (use `Etc/GMT-9`), and
  /// abbreviations such as `JST` are UTC to the C library (use `Asia/Tokyo`).
  ///
  /// Tests that change process state wait for each other (Swift Testing runs tests in
  /// parallel): while one holds it, no other test using a CleanSlate process-state fixture runs
  /// its setup, so each test that sets a zone sees its own. Each call makes a new fixture: two
  /// in one test apply in order and are undone in reverse.
  ///
  /// `Locale.current` cannot be set this way; pass a `Locale` to the code under test instead
  /// (see "Making tests deterministic").
  ///
  /// - Parameters:
  ///   - identifier: The zone's name in the tz database.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public static func timeZone(
    _ identifier: String,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Fixture<Void> {
    Fixture(
      "timeZone(\(identifier))", fileID: fileID, filePath: filePath, line: line, column: column
    ) { context in
      guard let zone = TimeZone(identifier: identifier) else {
        throw TimeZoneChange.unknown(identifier, in: context)
      }
      try await context.use(.processStateLock)
      try TimeZoneChange.change(to: zone, named: identifier, undoingIn: context)
    }
  }
}

/// Changes the process's time zone, and registers the teardown that changes it back.
enum TimeZoneChange {
  /// The process's time zone as a test found it.
  struct Saved: Sendable {
    let variable: String?
    let defaultZone: TimeZone

    static var now: Saved {
      Saved(variable: ProcessEnvironment.value(of: "TZ"), defaultZone: NSTimeZone.default)
    }

    func restore() throws {
      try EnvironmentOverride.set("TZ", to: variable)
      tzset()
      NSTimeZone.resetSystemTimeZone()
      NSTimeZone.default = defaultZone
    }
  }

  static func change(
    to zone: TimeZone, named identifier: String, undoingIn context: FixtureContext
  ) throws {
    let saved = Saved.now
    try EnvironmentOverride.set("TZ", to: identifier)
    tzset()
    if let offset = localtimeOffset(), offset != zone.secondsFromGMT() {
      try saved.restore()
      throw readDifferently(identifier, zone: zone, byTheCLibraryAs: offset, in: context)
    }
    NSTimeZone.resetSystemTimeZone()
    NSTimeZone.default = zone
    context.addTeardown { try saved.restore() }
  }

  /// The C library's offset from UTC now, in seconds, for the `TZ` it last read.
  private static func localtimeOffset() -> Int? {
    var now = time(nil)
    var local = tm()
    guard localtime_r(&now, &local) != nil else { return nil }
    return Int(local.tm_gmtoff)
  }

  // MARK: - Failures

  /// The failure for a name Foundation does not know.
  static func unknown(_ identifier: String, in context: FixtureContext) -> CleanSlateError {
    let suggestion = knownName(like: identifier).map { "Did you mean '\($0)'? " } ?? ""
    return failure(
      "Unknown time zone '\(identifier)'.", in: context,
      advice:
        "\(suggestion)Use a name of the tz database, such as 'Asia/Tokyo', 'Europe/Paris' or 'UTC' (TimeZone.knownTimeZoneIdentifiers lists them)."
    )
  }

  /// The failure for a name Foundation and the C library read as different offsets.
  private static func readDifferently(
    _ identifier: String, zone: TimeZone, byTheCLibraryAs offset: Int, in context: FixtureContext
  ) -> CleanSlateError {
    let advice =
      tzDatabaseName(for: zone, named: identifier).map {
        "Use '\($0)', a name of the tz database that both read alike."
      } ?? "Use a name of the tz database, such as 'Asia/Tokyo', 'Europe/Paris' or 'UTC'."
    return failure(
      "Time zone '\(identifier)' is \(utc(zone.secondsFromGMT())) to Foundation but \(utc(offset)) to the C library (TZ=\(identifier)), and so to the processes the test launches.",
      in: context, advice: advice)
  }

  private static func failure(
    _ summary: String, in context: FixtureContext, advice: String
  ) -> CleanSlateError {
    CleanSlateError(
      .unknownTimeZone, summary: summary, fixture: context.fixtureName,
      location: context.declaration, advice: advice)
  }

  /// A known name that differs from `identifier` only in case, or the zone an abbreviation
  /// stands for.
  private static func knownName(like identifier: String) -> String? {
    TimeZone.knownTimeZoneIdentifiers.first {
      $0.caseInsensitiveCompare(identifier) == .orderedSame
    } ?? TimeZone.abbreviationDictionary[identifier.uppercased()]
  }

  /// The tz database's name for what `identifier` means to Foundation: the zone an abbreviation
  /// stands for, or `Etc/GMT-9` for an offset of whole hours (its sign is POSIX's, west
  /// positive).
  private static func tzDatabaseName(for zone: TimeZone, named identifier: String) -> String? {
    if let name = TimeZone.abbreviationDictionary[identifier.uppercased()] { return name }
    let seconds = zone.secondsFromGMT()
    guard seconds % 3600 == 0, zone.nextDaylightSavingTimeTransition == nil else { return nil }
    let hours = -seconds / 3600
    return hours == 0 ? "UTC" : "Etc/GMT\(hours > 0 ? "+" : "")\(hours)"
  }

  /// An offset as `UTC+09:00`.
  private static func utc(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    let sign = seconds < 0 ? "-" : "+"
    return "UTC\(sign)\(String(format: "%02d:%02d", minutes / 60, minutes % 60))"
  }
}
