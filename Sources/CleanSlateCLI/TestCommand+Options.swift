import ArgumentParser
import CleanSlate
import CleanSlateExplain

extension TestCommand {
  /// Which tests run: the package, its build, a filter, a shard.
  struct Selection: ParsableArguments {
    @Option(help: "The package's directory.")
    var packagePath = "."

    @Flag(help: "Run the tests as they were last built (else they are built first).")
    var skipBuild = false

    @Option(
      help: ArgumentHelp(
        "Run only the tests whose name matches this regular expression (repeatable).",
        valueName: "regex"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("Run only shard K of N (1-based), as 2/4.", valueName: "K/N"))
    var shard: String?

    @Option(
      parsing: .upToNextOption,
      help: ArgumentHelp(
        "Files with the durations of an earlier run, to balance the shards: lifecycle traces, JUnit or XUnit XML.",
        valueName: "file"))
    var timings: [String] = []

    @Flag(help: "Print the selected tests, one per line, and run nothing.")
    var list = false

    @Flag(
      help:
        "Run only the tests that failed, were flaky, crashed or timed out in this package's last session (of those --filter and --shard select); every selected test when there is no last session or none failed."
    )
    var lastFailed = false
  }

  /// How the session runs them: retries, repetitions, each test's time limit.
  struct Session: ParsableArguments {
    @Option(
      help: ArgumentHelp("Run a failed test again alone, up to this many times.", valueName: "n"))
    var retries = 0

    @Option(
      name: .customLong("repeat"),
      help: ArgumentHelp(
        "Run the selection this many times; a test that failed in one of them failed.",
        valueName: "n"))
    var repetitions = 1

    @Option(
      help: ArgumentHelp(
        "Run the selection again until a repetition has a failure, at most this many times; then say which failed, what differed in it, and the command that reproduces it.",
        valueName: "n"))
    var untilFailure: Int?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "End a test that runs longer than this, with its test process: it timed out (default: CLEANSLATE_TEST_TIMEOUT, else no limit).",
        valueName: "seconds"))
    var testTimeout: String?

    @Flag(help: "Exit with a failure when a test is flaky (failed, then passed).")
    var failOnFlaky = false

    @Option(
      help: ArgumentHelp(
        "Name a test still running after this many seconds, while it runs, and again each period: SLOW <test> has run 60 s (0: never). A slow test is not a failure.",
        valueName: "seconds"))
    var slowAfter: Double = 60
  }

  /// Whether the tests that failed are explained, and with what budget.
  struct Explaining: ParsableArguments {
    @Flag(
      help:
        "After the run, tell why each test that failed at least once failed: order, seed, hash order, time zone, parallel (in one process or across processes), load, intrinsic (or failing, a hang, or unknown)."
    )
    var explain = false

    @Option(
      help: ArgumentHelp(
        "How long the experiments on one test may take, with --explain (default \(Int(ExplainOptions.defaultBudget.inSeconds))).",
        valueName: "seconds"))
    var explainBudget: String?

    @Option(
      help: ArgumentHelp(
        "With --explain and a store of runs, explain this test from this session's runs alone: earlier sessions' experiments on it are no longer pooled with the next ones (repeatable).",
        valueName: "test"))
    var explainAfresh: [String] = []

    @Option(
      help: ArgumentHelp(
        "With a store of runs, spend up to this many seconds of the session on the pending explanations of tests that passed in it: their experiments go on from earlier sessions' runs, so that a rare flake is decided without waiting for it to fail again (default 0: none).",
        valueName: "seconds"))
    var explainPending: String?
  }

  /// The files the session writes.
  struct Reports: ParsableArguments {
    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(
      help: ArgumentHelp(
        "Write each test's outcome, runs, failures, duration and cause as JSON to this file.",
        valueName: "file"))
    var summaryJSON: String?

    @Option(
      help: ArgumentHelp(
        "Write the run's lifecycle trace (CLEANSLATE_TRACE) to this file.", valueName: "file"))
    var trace: String?

    @Option(
      help: ArgumentHelp(
        "Write an HTML report of the run to this file: a timeline of every test, why each flaky test failed, every crash.",
        valueName: "file"))
    var html: String?
  }

  struct History: ParsableArguments {
    @Option(
      help: ArgumentHelp(
        "Record the session in a store of runs: a SQLite file, or a PostgreSQL URL (default: CLEANSLATE_HISTORY). Tests it has never seen pass run again before they merge.",
        valueName: "store"))
    var history: String?

    @Option(
      help: ArgumentHelp(
        "A quarantine file: its tests still run, and their flaky failures do not fail the run.",
        valueName: "file"))
    var quarantine: String?

    @Option(
      help: ArgumentHelp(
        "The share of the session's time the checks of new tests may add (default 0.1; 0: none).",
        valueName: "fraction"))
    var newTestsShare: Double?
  }
}
