/// What `CLEANSLATE_KEEP_FAILED` asks of the fixtures that can keep what a failed test left, for
/// a look after the run.
///
/// - `1` (or `true`, `yes`): keep it all — a failed test's temporary directory too, which is
///   removed otherwise.
/// - `0` (or `false`, `no`): keep nothing — not even a failed test's database, which the
///   PostgreSQL fixtures keep by default. `cleanslate test --explain` runs its experiments so,
///   since an experiment must leave nothing behind.
/// - unset: each fixture's default.
package enum KeepFailedSetting: Sendable, Equatable {
  case keepEverything
  case keepNothing
  case fixtureDefault

  /// The setting of this process's environment, read when asked.
  package static var current: KeepFailedSetting {
    switch ProcessEnvironment.value(of: "CLEANSLATE_KEEP_FAILED")?.lowercased() {
    case "1", "true", "yes": .keepEverything
    case "0", "false", "no": .keepNothing
    default: .fixtureDefault
    }
  }
}
