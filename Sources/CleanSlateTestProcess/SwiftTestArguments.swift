/// The arguments given after `--` to `cleanslate test`, sorted for the three commands it runs:
/// every one goes to each `swift test` run; `swift build --build-tests` and `swift test list` get
/// those that are not about running tests (`-c release`, `--traits`, `-Xswiftc …`), so that they
/// build and list the same build the runs use.
package enum SwiftTestArguments {
  /// Options only a test run takes, with the number of values that follow each.
  private static let runOnly: [String: Int] = [
    "--parallel": 0, "--no-parallel": 0, "--num-workers": 1, "--xunit-output": 1, "--filter": 1,
    "--skip": 1, "--enable-testable-imports": 0, "--disable-testable-imports": 0,
    "--experimental-event-stream-output": 1, "--experimental-event-stream-version": 1,
    "--attachments-path": 1, "--no-color": 0,
  ]
  /// Options that choose the frameworks: `swift test list` takes them, `swift build` does not.
  private static let frameworks: Set<String> = [
    "--enable-xctest", "--disable-xctest", "--enable-swift-testing", "--disable-swift-testing",
  ]

  /// What `swift build --build-tests` gets of `arguments`.
  package static func buildOptions(_ arguments: [String]) -> [String] {
    kept(arguments, dropping: { runOnly[$0] ?? (frameworks.contains($0) ? 0 : nil) })
  }

  /// What `swift test list` gets of `arguments`.
  package static func listOptions(_ arguments: [String]) -> [String] {
    kept(arguments, dropping: { runOnly[$0] })
  }

  /// `arguments` without the options for which `dropped` gives a number of values (and without
  /// those values).
  private static func kept(_ arguments: [String], dropping dropped: (String) -> Int?) -> [String] {
    var kept: [String] = []
    var skip = 0
    for argument in arguments {
      if skip > 0 {
        skip -= 1
        continue
      }
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard let values = dropped(name) else {
        kept.append(argument)
        continue
      }
      skip = argument.contains("=") ? 0 : values
    }
    return kept
  }
}
