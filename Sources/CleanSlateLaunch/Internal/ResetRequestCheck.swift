/// Decides whether a launch asked for a reset: the argument and the environment token must both
/// be present and carry the same non-empty token.
struct ResetRequestCheck {
  enum Verdict: Equatable {
    case notRequested
    case refused(String)
    case requested
  }

  let argument: String
  let tokenVariable: String

  func check(arguments: [String], environment: [String: String]) -> Verdict {
    // The first element is the program's path, never an argument.
    guard let given = argumentToken(in: arguments.dropFirst()) else { return .notRequested }
    let expected = environment[tokenVariable] ?? ""
    guard !expected.isEmpty else {
      return .refused(
        "\(argument) was given but \(tokenVariable) is not set; a reset needs both, set by the test launcher."
      )
    }
    guard let token = given, !token.isEmpty else {
      return .refused("\(argument) was given without its token; pass `\(argument) TOKEN`.")
    }
    guard token == expected else {
      return .refused("the token of \(argument) does not match \(tokenVariable).")
    }
    return .requested
  }

  /// `nil` when the argument is absent; `.some(nil)` when it is present without a token.
  private func argumentToken(in arguments: ArraySlice<String>) -> String?? {
    var remaining = arguments[...]
    while let first = remaining.popFirst() {
      if first == argument {
        guard let next = remaining.first, !next.hasPrefix("-") else { return .some(nil) }
        return .some(next)
      }
      if first.hasPrefix(argument + "=") {
        return .some(String(first.dropFirst(argument.count + 1)))
      }
    }
    return nil
  }
}
