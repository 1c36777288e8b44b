/// One `swift` command of a bisection or of `cleanslate test` (`swift test …`, `swift build …`):
/// the variables it sets and its arguments, which print as the command a user types to run it
/// again.
package struct SwiftTestInvocation: Sendable, Equatable, CustomStringConvertible {
  /// A variable the command sets, in its environment.
  package struct Variable: Sendable, Equatable {
    /// Its name.
    package var name: String
    /// Its value.
    package var value: String

    /// The variable `name`, set to `value`.
    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The variables it sets, in the order they are printed.
  package var environment: [Variable]
  /// The arguments after `swift`: `test --skip-build …`.
  package var arguments: [String]

  /// The command that sets `environment` and runs `swift` with `arguments`.
  package init(environment: [Variable], arguments: [String]) {
    self.environment = environment
    self.arguments = arguments
  }

  /// The command, quoted for a POSIX shell:
  /// `CLEANSLATE_SENTINEL=1 swift test --skip-build --filter '^(A\.B/c)$'`.
  package var description: String {
    let variables = environment.map { "\($0.name)=\(Self.quoted($0.value))" }
    return (variables + ["swift"] + arguments.map(Self.quoted)).joined(separator: " ")
  }

  /// `word` as a shell reads it back: as it is when it holds no special character, else in single
  /// quotes.
  package static func quoted(_ word: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%")
    guard word.isEmpty || !word.allSatisfy(plain.contains) else { return word }
    let escaped = word.split(separator: "'", omittingEmptySubsequences: false)
      .joined(separator: #"'\''"#)
    return "'\(escaped)'"
  }
}
