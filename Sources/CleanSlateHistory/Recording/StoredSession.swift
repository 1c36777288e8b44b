package import Foundation

/// One session of `cleanslate test` as the store keeps it: when and where it ran, on which
/// version of the code, and each test's result.
package struct StoredSession: Sendable, Equatable {
  /// A name no other session has, on any machine: the same session recorded twice is one.
  package var id: String
  /// When it started and ended.
  package var started: Date
  package var ended: Date
  /// The version of the code it ran.
  package var source: SourceVersion
  /// The machine's name.
  package var machine: String
  /// The shard it ran, as `2/4`; `nil` when it ran every test.
  package var shard: String?
  /// The command, as the user typed it.
  package var command: String
  /// Its exit status.
  package var exitStatus: Int32
  /// Each test's result, in the order of the selection.
  package var results: [StoredResult]

  package init(
    id: String = UUID().uuidString, started: Date, ended: Date, source: SourceVersion,
    machine: String, shard: String? = nil, command: String, exitStatus: Int32,
    results: [StoredResult]
  ) {
    self.id = id
    self.started = started
    self.ended = ended
    self.source = source
    self.machine = machine
    self.shard = shard
    self.command = command
    self.exitStatus = exitStatus
    self.results = results
  }

  /// How many of its tests failed at least one run (flaky ones included): a session in which
  /// most tests did is the machine's failure, not theirs.
  package var failedTests: Int { results.count { $0.failures > 0 } }
}

/// The version of the code a session ran: its commit, whether the tree had changes the commit
/// does not hold, and its branch.
package struct SourceVersion: Sendable, Equatable {
  /// The commit, when the package is in a git repository.
  package var commit: String?
  /// Whether the tree had uncommitted changes: then the commit does not say what ran.
  package var dirty: Bool
  /// The branch, when one is checked out.
  package var branch: String?

  package init(commit: String? = nil, dirty: Bool = false, branch: String? = nil) {
    self.commit = commit
    self.dirty = dirty
    self.branch = branch
  }
}
