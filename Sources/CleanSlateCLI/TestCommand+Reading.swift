import ArgumentParser
import CleanSlateExplain
import CleanSlateHistory
import CleanSlateRunner
import Foundation

extension TestCommand {
  /// What the options that need reading say, read once: the shard, each test's time limit, and
  /// what `--explain` is given.
  struct Options {
    /// The shard to run (`--shard`), when one is given.
    var shard: ShardSpec?
    /// The limit of each test's time (`--test-timeout`, else `CLEANSLATE_TEST_TIMEOUT`).
    var timeLimit: Duration?
    /// What `--explain` is given, when it is.
    var explain: ExplainOptions?
    /// The store of runs (`--history`, else `CLEANSLATE_HISTORY`), when one is given.
    var history: String?
    /// The quarantine file, read, and its path.
    var quarantine: (file: QuarantineFile, path: String)?
    /// The share of the session's time the checks of new tests may add.
    var newTestsShare = NewTestCheck.defaultShare
    /// The tests whose explanations start afresh (`--explain-afresh`), as `swift test list`
    /// prints them.
    var explainAfresh: Set<String> = []
    /// How long the session may spend on pending explanations (`--explain-pending`), when given.
    var explainPending: Duration?
  }

  /// Reads the options that need reading; throws `ValidationError` for one that is wrong.
  func options() throws -> Options {
    var options = Options()
    if let shard = selection.shard {
      do { options.shard = try ShardSpec(parsing: shard) } catch {
        throw ValidationError("\(error)")
      }
    }
    options.timeLimit = try timeLimit()
    if explaining.explainBudget != nil, !explaining.explain {
      throw ValidationError("--explain-budget sets the budget of --explain: give --explain too.")
    }
    if explaining.explain {
      var explain = ExplainOptions(timeLimit: options.timeLimit, passthrough: swiftTestArguments)
      if let text = explaining.explainBudget {
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds > 0 else {
          throw ValidationError(
            "--explain-budget '\(text)' is not a number of seconds: give a whole number greater than 0, as 60."
          )
        }
        explain.budget = .seconds(seconds)
      }
      options.explain = explain
    }
    try readHistory(into: &options)
    if !explaining.explainAfresh.isEmpty {
      guard options.explain != nil, options.history != nil else {
        throw ValidationError(
          "--explain-afresh starts a test's pooled explanations over: give --explain and --history too."
        )
      }
      options.explainAfresh = Set(explaining.explainAfresh)
    }
    if let text = explaining.explainPending {
      guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
        throw ValidationError(
          "--explain-pending '\(text)' is not a number of seconds: give a whole number, 0 or more, as 120."
        )
      }
      guard options.history != nil else {
        throw ValidationError(
          "--explain-pending goes on with explanations kept in a store of runs: give --history too."
        )
      }
      options.explainPending = seconds > 0 ? .seconds(seconds) : nil
    }
    return options
  }

  /// Reads the store, the quarantine file (a missing or malformed one is an error before anything
  /// runs) and the share of new tests' checks.
  private func readHistory(into options: inout Options) throws {
    let variable = ProcessInfo.processInfo.environment["CLEANSLATE_HISTORY"]
    options.history = remembering.history ?? variable.flatMap { $0.isEmpty ? nil : $0 }
    if let path = remembering.quarantine {
      guard FileManager.default.fileExists(atPath: path) else {
        throw ValidationError(
          "--quarantine \(path) does not exist (from \(FileManager.default.currentDirectoryPath)): check the path, or make the file with cleanslate quarantine add <test> --file \(path) --reason … --until YYYY-MM-DD."
        )
      }
      do {
        options.quarantine = (try QuarantineFile.read(path), path)
      } catch {
        throw ValidationError("\(error)")
      }
    }
    if let share = remembering.newTestsShare {
      guard share.isFinite, (0...1).contains(share) else {
        throw ValidationError(
          "--new-tests-share \(share) is not a share of the session's time: give a number from 0 to 1, as 0.1."
        )
      }
      guard options.history != nil else {
        throw ValidationError(
          "--new-tests-share sets how new tests are checked against the store of runs: give --history too."
        )
      }
      options.newTestsShare = share
    }
  }

  /// The limit of each test's time, from `--test-timeout` or else `CLEANSLATE_TEST_TIMEOUT`;
  /// `nil` for none. Throws `ValidationError` when it is not a number of seconds greater than 0.
  private func timeLimit() throws -> Duration? {
    let variable = ProcessInfo.processInfo.environment["CLEANSLATE_TEST_TIMEOUT"]
    guard let raw = session.testTimeout ?? variable else { return nil }
    let given =
      session.testTimeout != nil ? "--test-timeout '\(raw)'" : "CLEANSLATE_TEST_TIMEOUT='\(raw)'"
    let advice = "give a number of seconds greater than 0, as 60 or 2.5."
    guard let seconds = Double(raw.trimmingCharacters(in: .whitespaces)), seconds.isFinite else {
      throw ValidationError("\(given) is not a number of seconds: \(advice)")
    }
    guard seconds > 0 else { throw ValidationError("\(given) is not greater than 0: \(advice)") }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }
}
