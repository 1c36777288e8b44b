/// The arguments given after `--` to `cleanslate test`, sorted for the commands it runs: every
/// one goes to each `swift test` run; `swift build --build-tests` and `swift test list` get those
/// of their stage (``SwiftTestOption/Stage``), so that they build and list the same build the
/// runs use.
package enum SwiftTestArguments {
  /// What `swift build --build-tests` gets of `arguments`: the build's options.
  package static func buildOptions(_ arguments: [String]) -> [String] {
    words(of: arguments) { $0.stage == .build }
  }

  /// What `swift test list` gets of `arguments`: the build's options and the frameworks'.
  package static func listOptions(_ arguments: [String]) -> [String] {
    words(of: arguments) { $0.stage != .run }
  }

  /// `arguments` without the options that choose how tests run at once (`--parallel`,
  /// `--no-parallel`): for a run of tests one at a time.
  package static func withoutParallelism(_ arguments: [String]) -> [String] {
    words(of: arguments) { $0.option?.choosesParallelism != true }
  }

  /// The first of `arguments` that `cleanslate test` takes only before `--`, and why.
  package static func ownedByCleanSlate(_ arguments: [String]) -> (option: String, why: String)? {
    for argument in SwiftTestArgument.parse(arguments) {
      if let why = argument.option?.ownedByCleanSlate { return (argument.name, why) }
    }
    return nil
  }

  private static func words(
    of arguments: [String], keeping isKept: (SwiftTestArgument) -> Bool
  ) -> [String] {
    SwiftTestArgument.parse(arguments).filter(isKept).flatMap(\.words)
  }
}
