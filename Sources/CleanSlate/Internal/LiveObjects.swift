/// How many of the engine's per-scope objects are alive: scopes, their records, fixture entries
/// and teardown sequences.
///
/// Each is counted when it is made and when it is freed, so that a test can check that
/// everything a test scope owned is freed once the test has ended: the count goes back to where
/// it was before the tests ran, however many ran. A count costs one lock each way.
package enum LiveObjects {
  /// A kind of object counted.
  package enum Kind: Int, CaseIterable, Sendable, CustomStringConvertible {
    case scope, record, fixtureEntry, teardownSequence

    package var description: String {
      switch self {
      case .scope: "scopes"
      case .record: "scope records"
      case .fixtureEntry: "fixture entries"
      case .teardownSequence: "teardown sequences"
      }
    }
  }

  private static let counts = Locked([Int](repeating: 0, count: Kind.allCases.count))

  /// The number of live objects of each kind.
  package static var current: [Kind: Int] {
    let counts = counts.value
    return Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, counts[$0.rawValue]) })
  }

  static func made(_ kind: Kind) { counts.withLock { $0[kind.rawValue] += 1 } }
  static func freed(_ kind: Kind) { counts.withLock { $0[kind.rawValue] -= 1 } }
}
