package import CleanSlateRunner
import CleanSlateTrace

/// Why a test failed in one run and passed in another, as `cleanslate test --explain` decided it
/// by runs of its own: the cause, the evidence, the runs behind it and one command that
/// reproduces it.
package struct TestCause: Sendable, Equatable {
  /// What makes the test fail.
  package enum Kind: String, Sendable, Equatable, CaseIterable {
    /// It passes alone and fails after earlier tests of its process: one of them leaves state.
    case order
    /// It draws from `.seededRandom`, and its outcome follows the run's seed.
    case seed
    /// Its outcome follows the time zone of the machine.
    case timeZone
    /// It passes alone and in order, and fails when the tests around it run at the same time, in
    /// its test process.
    case parallel
    /// It passes alone and in order, and fails when other test processes of the suite run at the
    /// same time (XCTest's tests under `swift test --parallel`, each in a process of its own).
    case parallelProcesses
    /// Its outcome follows the order of a `Set`'s or a `Dictionary`'s elements, which Swift seeds
    /// per process: with `SWIFT_DETERMINISTIC_HASHING=1` it is the same in every run.
    case hashOrder
    /// It fails more often when the machine's CPU is busy than when it is quiet.
    case load
    /// None of the above changes it: it fails at some rate on its own.
    case intrinsic
    /// It failed in every run, the same way: a failing test, not a flaky one.
    case failing
    /// It timed out in every run: it hangs, every time.
    case hang
    /// No experiment decided: the budget ran out, or no factor made a difference the runs could
    /// show, or it never failed again.
    case unknown
  }

  /// One experiment that ran: its name and, for each condition it ran the test in, how often the
  /// test failed there.
  package struct Experiment: Sendable, Equatable, CustomStringConvertible {
    /// A condition of the experiment and its runs.
    package struct Condition: Sendable, Equatable {
      /// The condition, as a run's label says it: `with 4 tests at once`.
      package var what: String
      /// How often the test failed there.
      package var rate: Rate

      package init(what: String, rate: Rate) {
        self.what = what
        self.rate = rate
      }
    }

    /// The experiment's name: `parallel`, `hash order`.
    package var name: String
    /// Its conditions, in the order they first ran.
    package var conditions: [Condition]

    package init(name: String, conditions: [Condition]) {
      self.name = name
      self.conditions = conditions
    }

    /// `parallel: 3 of 40 runs with 4 tests at once, 0 of 40 runs with 4 tests in order`.
    package var description: String {
      "\(name): " + conditions.map { "\($0.rate) \($0.what)" }.joined(separator: ", ")
    }
  }

  /// A count of failed runs among runs.
  package struct Rate: Sendable, Equatable, CustomStringConvertible {
    /// How many runs failed.
    package var failures: Int
    /// How many runs there were.
    package var runs: Int

    /// `failures` of `runs`.
    package init(failures: Int, runs: Int) {
      self.failures = failures
      self.runs = runs
    }

    /// `3 of 10 runs`.
    package var description: String { "\(failures) of \(runs) run\(runs == 1 ? "" : "s")" }

    /// How many runs passed, among the runs: `7 of 10 runs`.
    package var passes: String {
      "\(runs - failures) of \(runs) run\(runs == 1 ? "" : "s")"
    }

    /// Both rates' runs and failures added up.
    package static func + (lhs: Rate, rhs: Rate) -> Rate {
      Rate(failures: lhs.failures + rhs.failures, runs: lhs.runs + rhs.runs)
    }
  }

  /// The cause.
  package var kind: Kind
  /// The cause and its evidence, in a sentence or two; what more a run would need to decide it
  /// is ``advice``, which the reports put into words.
  package var summary: String
  /// What more a run would need to decide it, when its experiments could not.
  package var advice: CauseAdvice?
  /// One command that reproduces it, as a user types it.
  package var reproduce: String
  /// For ``Kind/order``, the tests that make it fail, as `swift test list` prints them.
  package var polluters: [String] = []
  /// For ``Kind/order``, what the sentinel saw the polluters leave behind, or that it saw nothing
  /// (state in memory).
  package var state: String?
  /// For ``Kind/seed``, a run seed with which it fails, and one with which it passes.
  package var failingSeed: String?
  package var passingSeed: String?
  /// For ``Kind/timeZone``, the zones where it failed and those where it passed.
  package var failingZones: [String] = []
  package var passingZones: [String] = []
  /// For ``Kind/parallel`` and ``Kind/parallelProcesses``, the tests that ran beside it when it
  /// failed, when the trace says.
  package var beside: [String] = []
  /// For ``Kind/parallel`` and ``Kind/parallelProcesses``, what the tests share, as far as the
  /// runs tell (what the sentinel saw, what the failure names, or that it is in memory), and how
  /// to give each test its own.
  package var shared: String?
  /// For ``Kind/hashOrder``, how often it failed with `SWIFT_DETERMINISTIC_HASHING=1`, and alone
  /// without it (hashing seeded per process).
  package var deterministicHashing: Rate?
  package var randomHashing: Rate?
  /// For ``Kind/load``, how often it failed with the CPU held by other threads, and without.
  package var busy: Rate?
  package var quiet: Rate?
  /// For ``Kind/intrinsic``, ``Kind/failing`` and ``Kind/hang``, how often it failed alone (for
  /// failing and hang, in every run: the run's and alone); for order, how often alone.
  package var alone: Rate?
  /// For ``Kind/parallel`` and ``Kind/parallelProcesses``, how often it failed with the tests at
  /// once, and one at a time.
  package var atOnce: Rate?
  package var oneAtATime: Rate?
  /// For ``Kind/parallel``, the functions of the code under test that two crashes of its process
  /// went through, the outermost first (`configure(_:)`, `routes(_:)`, `register(_:)`).
  package var sharedFrames: [String] = []
  /// For ``Kind/hang``, where it hung: the functions of its thread, the innermost first.
  package var hungIn: [String] = []
  /// Each experiment that ran, with its runs (for ``Kind/unknown`` and ``Kind/intrinsic``).
  package var experiments: [Experiment] = []
  /// For a parameterized test, the argument case that failed in the runs, as Swift Testing
  /// prints its arguments (`count → 4`): the experiments from the first run where it failed on
  /// ran that case alone, and the command that reproduces it runs that case.
  package var testCase: String?
  /// For ``Kind/unknown``, what was tried.
  package var tried: [String] = []
  /// The runs that decided it, in order.
  package var runs: [ExperimentRun] = []
  /// How long the experiments took, in seconds.
  package var seconds: Double = 0
  /// Whether the test failed in every attempt of the run: it is failing there, not flaky, and
  /// its paragraph says why it fails.
  package var failedEveryTime = false
  /// What the explanation pooled with earlier sessions' experiments, when it went on from them
  /// (`cleanslate test --history`); `nil` for an explanation of one session.
  package var pooling: Pooling?

  /// A cause of `kind`, described by `summary`, reproduced by `reproduce`.
  package init(_ kind: Kind, summary: String, reproduce: String) {
    self.kind = kind
    self.summary = summary
    self.reproduce = reproduce
  }

  /// The one-line title of its paragraph: `order, decided by 6 runs in 9.1 s`; `unknown,
  /// undecided after 82 runs in 105.32 s` when no experiment decided.
  package var heading: String {
    let runs = "\(runs.count) run\(runs.count == 1 ? "" : "s")"
    let seconds = Hundredths.seconds(micros: seconds * 1e6)
    let heading =
      kind == .unknown
      ? "\(kind.label), undecided after \(runs) in \(seconds)"
      : "\(kind.label), decided by \(runs) in \(seconds)"
    guard let pooling, pooling.sessions > 1 else { return heading }
    return heading
      + ", pooled over \(PooledWords.sessions(pooling.sessions)) (\(pooling.runs) runs)"
  }
}

extension TestCause: ReportedCause {
  package var kindName: String { kind.rawValue }

  package var decided: Bool { kind != .unknown }

  /// `Why flaky`; `Failing, not flaky` for a test that fails every time; `Why it fails` for one
  /// that failed in every attempt of the run, whatever made it fail.
  package var title: String {
    if kind == .failing || kind == .hang { return "Failing, not flaky" }
    return failedEveryTime ? "Why it fails" : "Why flaky"
  }
}

extension TestCause.Kind {
  /// Whether an explanation of this kind ends a test's pooled sequence: a factor named, or the
  /// test found failing or hanging — its next failure is a new question. Intrinsic and unknown
  /// leave the sequence pending.
  package var endsAPooledSequence: Bool { self != .unknown && self != .intrinsic }

  /// The kind in words, as a paragraph's heading names it: `time zone`, `hash order`.
  package var label: String {
    switch self {
    case .timeZone: "time zone"
    case .parallelProcesses: "parallel across processes"
    case .hashOrder: "hash order"
    default: rawValue
    }
  }
}
