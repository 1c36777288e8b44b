/// One option of `swift test`, as `cleanslate` sorts it: whether a value follows it, which of the
/// commands it runs get it, and what keeps a run that has it a whole `swift test`.
///
/// ``table`` is the one list of the options `cleanslate` knows; every command line it reads or
/// passes on is read through ``SwiftTestArgument/parse(_:)``, which consults it. An option it does
/// not know is a build option without a value, passed on everywhere.
package struct SwiftTestOption: Sendable, Equatable {
  /// Which commands get an option given after `--`.
  package enum Stage: Sendable, Equatable {
    /// It is about the build (`-c release`, `--traits`, `-Xswiftc …`): `swift build
    /// --build-tests`, `swift test list` and every run get it, so that they build, list and run
    /// the same build.
    case build
    /// It chooses the frameworks (`--disable-xctest`): `swift test list` and every run.
    case frameworks
    /// It is about running tests (`--parallel`, `--filter`): every run, and nothing else.
    case run
  }

  /// Its names: the long one first, then its short one, if any.
  package var names: [String]
  /// Whether a value follows it (the next argument, or after `=`).
  package var takesValue: Bool
  /// Which commands get it.
  package var stage: Stage
  /// Why a run with it needs SwiftPM at run time (code coverage, a sanitizer's runtime): such a
  /// run goes through `swift test`, not the built tests started directly.
  package var needsSwiftTest: String?
  /// Whether it chooses how tests run at once (`--parallel`, `--no-parallel`): a run of tests
  /// one at a time leaves it out.
  package var choosesParallelism = false
  /// Why `cleanslate test` takes it only before `--`, in its own words: a filter would hide tests
  /// from it, an XUnit file would replace the one it reads.
  package var ownedByCleanSlate: String?

  /// The option `names`.
  package init(
    _ names: [String], takesValue: Bool = false, stage: Stage = .build,
    needsSwiftTest: String? = nil, choosesParallelism: Bool = false,
    ownedByCleanSlate: String? = nil
  ) {
    self.names = names
    self.takesValue = takesValue
    self.stage = stage
    self.needsSwiftTest = needsSwiftTest
    self.choosesParallelism = choosesParallelism
    self.ownedByCleanSlate = ownedByCleanSlate
  }

  /// The option named `name` (without its value), if `cleanslate` knows it.
  package static func named(_ name: String) -> SwiftTestOption? { byName[name] }

  private static let byName: [String: SwiftTestOption] = {
    var options: [String: SwiftTestOption] = [:]
    for option in table { for name in option.names { options[name] = option } }
    return options
  }()

  /// The options of `swift test` (SwiftPM 6.3) that `cleanslate` needs to tell apart: those that
  /// take a value, those that are not about the build, and those that need SwiftPM at run time.
  package static let table: [SwiftTestOption] = {
    let coverage = "code coverage is collected by swift test"
    let listing = "it lists tests"
    let specifier = "--specifier is read by swift test"
    let experimentalOutput = "swift test writes the experimental output"
    let hidesTests = "would hide tests from cleanslate test: give --filter to cleanslate test"
    var table: [SwiftTestOption] = [
      // Running tests.
      .init(["--parallel"], stage: .run, choosesParallelism: true),
      .init(["--no-parallel"], stage: .run, choosesParallelism: true),
      .init(["--num-workers"], takesValue: true, stage: .run),
      .init(
        ["--xunit-output"], takesValue: true, stage: .run,
        ownedByCleanSlate:
          "replaces the file cleanslate test reads: give --junit to cleanslate test"),
      .init(["--filter"], takesValue: true, stage: .run, ownedByCleanSlate: hidesTests),
      .init(["--skip"], takesValue: true, stage: .run, ownedByCleanSlate: hidesTests),
      .init(["--enable-testable-imports"], stage: .run),
      .init(["--disable-testable-imports"], stage: .run),
      .init(["--experimental-event-stream-output"], takesValue: true, stage: .run),
      .init(["--experimental-event-stream-version"], takesValue: true, stage: .run),
      .init(["--attachments-path"], takesValue: true, stage: .run),
      .init(["--no-color"], stage: .run),
      // Choosing the frameworks.
      .init(["--enable-xctest"], stage: .frameworks),
      .init(["--disable-xctest"], stage: .frameworks),
      .init(["--enable-swift-testing"], stage: .frameworks),
      .init(["--disable-swift-testing"], stage: .frameworks),
      // What needs SwiftPM at run time.
      .init(["--enable-code-coverage", "--code-coverage"], needsSwiftTest: coverage),
      .init(["--show-codecov-path"], needsSwiftTest: coverage),
      .init(["--show-code-coverage-path"], needsSwiftTest: coverage),
      .init(["--show-coverage-path"], needsSwiftTest: coverage),
      .init(
        ["--sanitize"], takesValue: true,
        needsSwiftTest: "a sanitizer's runtime is set up by swift test"),
      .init(
        ["--toolset"], takesValue: true, needsSwiftTest: "a toolset may name its own test runner"
      ),
      .init(
        ["--disable-local-rpath"],
        needsSwiftTest: "the test binary finds its libraries through swift test"),
      .init(["--list-tests", "-l"], stage: .run, needsSwiftTest: listing),
      .init(["--specifier", "-s"], takesValue: true, stage: .run, needsSwiftTest: specifier),
      .init(
        ["--enable-experimental-test-output", "--experimental-test-output"], stage: .run,
        needsSwiftTest: experimentalOutput),
      .init(["--debugger"], stage: .run, needsSwiftTest: "swift test starts the debugger"),
    ]
    // The build options that take a value.
    let valued = [
      "--package-path", "--cache-path", "--config-path", "--security-path", "--scratch-path",
      "--build-path", "--swift-sdks-path", "--pkg-config-path", "--manifest-cache",
      "--netrc-file", "--resolver-fingerprint-checking", "--resolver-signing-entity-checking",
      "--default-registry-url", "-Xcc", "-Xswiftc", "-Xlinker", "-Xcxx", "--triple", "--sdk",
      "--toolchain", "--swift-sdk", "--jobs", "--explicit-target-dependency-import-check",
      "--build-system", "-debug-info-format", "--traits", "--event-stream-output-path",
      "--event-stream-version", "--experimental-configuration-path", "--configuration-path",
      "--experimental-attachments-path",
    ]
    table += valued.map { SwiftTestOption([$0], takesValue: true) }
    table.append(.init(["--configuration", "-c"], takesValue: true))
    table.append(.init(["-j"], takesValue: true))
    return table
  }()
}

/// One argument of a `swift test` command line as ``SwiftTestOption/table`` reads it: an option
/// with its value, or a word on its own.
package struct SwiftTestArgument: Sendable, Equatable {
  /// Its name: the option's (`--filter` of `--filter=x`), or the word itself.
  package var name: String
  /// Its value, for an option that takes one.
  package var value: String?
  /// The words it was given as: `["--filter", "x"]`, `["--filter=x"]`.
  package var words: [String]
  /// The option, when `cleanslate` knows it.
  package var option: SwiftTestOption? { SwiftTestOption.named(name) }

  /// Which commands get it: an option's stage; a word or an unknown option's is the build's.
  package var stage: SwiftTestOption.Stage { option?.stage ?? .build }

  /// The arguments of `arguments`, in order.
  package static func parse(_ arguments: [String]) -> [SwiftTestArgument] {
    var parsed: [SwiftTestArgument] = []
    var iterator = arguments.makeIterator()
    while let word = iterator.next() {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      let name = word.hasPrefix("-") && !parts.isEmpty ? parts[0] : word
      var argument = SwiftTestArgument(name: name, value: nil, words: [word])
      if SwiftTestOption.named(name)?.takesValue == true {
        if parts.count == 2 {
          argument.value = parts[1]
        } else if let value = iterator.next() {
          argument.value = value
          argument.words.append(value)
        }
      }
      parsed.append(argument)
    }
    return parsed
  }
}
