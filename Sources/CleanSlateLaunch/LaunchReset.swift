public import Foundation

/// The stores an app resets when a test launches it asking for a clean slate.
///
/// The app declares what it keeps — directories, files, `UserDefaults` suites, keychain items,
/// anything else through a custom action — and calls ``performIfRequested(arguments:environment:dryRun:)``
/// early in `main`, before it reads any of them:
///
/// ```swift
/// import CleanSlateLaunch
///
/// LaunchReset(stores: [
///   .directory(dataDirectory),
///   .defaults(suite: "com.example.todo"),
///   .custom("image cache") { try ImageCache.shared.clear() },
/// ]).performIfRequested()
/// ```
///
/// A reset is opt-in twice: it happens only when the launch argument (`--cleanslate-reset TOKEN`)
/// AND the environment variable `CLEANSLATE_RESET_TOKEN` are both present and carry the same
/// token, which only a test launcher sets (see ``LaunchResetRequest``). Only the declared stores
/// are touched, a symbolic link inside a declared directory is removed as a link and never
/// followed, and a failing store is reported without stopping the others or crashing the app.
public struct LaunchReset: Sendable {
  /// The launch argument that asks for a reset, followed by the token.
  public static let defaultArgument = "--cleanslate-reset"
  /// The environment variable that carries the token.
  public static let defaultTokenVariable = "CLEANSLATE_RESET_TOKEN"

  /// What is reset, in this order.
  public var stores: [Store]
  /// The launch argument that asks for a reset: `--cleanslate-reset` unless you chose another.
  public var argument: String
  /// The environment variable whose value must match the argument's token.
  public var tokenVariable: String

  /// Declares the stores to reset when a test asks for it.
  ///
  /// - Parameters:
  ///   - stores: What to reset, in order.
  ///   - argument: The launch argument that asks for a reset; pass the same to the launcher's
  ///     ``LaunchResetRequest``.
  ///   - tokenVariable: The environment variable that must carry the argument's token.
  public init(
    stores: [Store],
    argument: String = LaunchReset.defaultArgument,
    tokenVariable: String = LaunchReset.defaultTokenVariable
  ) {
    self.stores = stores
    self.argument = argument
    self.tokenVariable = tokenVariable
  }

  /// Resets every declared store if, and only if, the launch asked for it with both the argument
  /// and a matching environment token; never throws, never crashes.
  ///
  /// - Parameters:
  ///   - arguments: The launch arguments; the process's by default.
  ///   - environment: The environment; the process's by default.
  ///   - dryRun: When `true`, reports what would be removed and removes nothing.
  /// - Returns: What was removed (or would be), what failed, or why nothing was done.
  @discardableResult
  public func performIfRequested(
    arguments: [String] = CommandLine.arguments,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    dryRun: Bool = false
  ) -> LaunchResetReport {
    switch ResetRequestCheck(argument: argument, tokenVariable: tokenVariable)
      .check(arguments: arguments, environment: environment)
    {
    case .notRequested:
      return LaunchResetReport(outcome: .notRequested)
    case .refused(let reason):
      return LaunchResetReport(outcome: .refused(reason: reason))
    case .requested:
      return run(dryRun: dryRun)
    }
  }

  /// Reports what a reset would remove now, without removing anything and without asking for
  /// a launch argument or token.
  public func preview() -> LaunchResetReport {
    run(dryRun: true)
  }

  private func run(dryRun: Bool) -> LaunchResetReport {
    var report = LaunchResetReport(outcome: dryRun ? .previewed : .performed)
    for store in stores {
      let result = dryRun ? store.plan() : store.reset()
      report.removed += result.items.map { LaunchResetReport.Removal(store: store.name, item: $0) }
      report.failures += result.failures.map {
        LaunchResetReport.Failure(store: store.name, message: $0)
      }
    }
    return report
  }
}
