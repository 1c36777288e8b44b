public import Foundation

/// The test launcher's half of a launch reset: a fresh token, passed to the app both as a launch
/// argument and in its environment.
///
/// The launched-app fixture adds it for you. With `XCUIApplication`, add it yourself:
///
/// ```swift
/// let request = LaunchResetRequest()
/// app.launchArguments += request.arguments
/// app.launchEnvironment.merge(request.environment) { _, new in new }
/// app.launch()
/// ```
public struct LaunchResetRequest: Sendable, Hashable {
  /// The token, different for every request.
  public let token: String
  /// The launch argument the app's ``LaunchReset`` looks for.
  public let argument: String
  /// The environment variable the app's ``LaunchReset`` reads the token from.
  public let tokenVariable: String

  /// Creates a request with a fresh random token.
  public init(
    token: String = UUID().uuidString,
    argument: String = LaunchReset.defaultArgument,
    tokenVariable: String = LaunchReset.defaultTokenVariable
  ) {
    self.token = token
    self.argument = argument
    self.tokenVariable = tokenVariable
  }

  /// The launch arguments to add: `["--cleanslate-reset", token]`.
  public var arguments: [String] { [argument, token] }

  /// The environment to add: `["CLEANSLATE_RESET_TOKEN": token]`.
  public var environment: [String: String] { [tokenVariable: token] }
}
