/// An experiment of `--explain`: the factor it varies. Its description is its name in every
/// report: `Tried: alone, parallel and hash order`.
package enum Experiment: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The test alone, again: does it still fail, every time?
  case alone
  /// With the tests of its process at once, against one at a time.
  case parallel
  /// After the earlier tests of its process, against alone.
  case order
  /// With a seed it failed with, against one it passed with.
  case seed
  /// In a time zone it failed in, against one it passed in.
  case timeZone
  /// With deterministic hashing, against without.
  case hashOrder
  /// With every core busy, against quiet.
  case load

  /// Whether a cause of `kind` is this experiment's finding.
  func decides(_ kind: TestCause.Kind) -> Bool {
    switch (self, kind) {
    case (.parallel, .parallel), (.parallel, .parallelProcesses), (.order, .order),
      (.seed, .seed), (.timeZone, .timeZone), (.hashOrder, .hashOrder), (.load, .load):
      true
    default: false
    }
  }

  package var description: String {
    switch self {
    case .timeZone: "time zone"
    case .hashOrder: "hash order"
    default: rawValue
    }
  }
}
