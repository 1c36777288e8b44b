package import CleanSlate
package import CleanSlateExplain
package import CleanSlateRunner
package import CleanSlateTestProcess
package import Foundation

/// What one session of `cleanslate test` does with its store of runs and its quarantine file, in
/// the order the session needs it: open the store, put the quarantine's tests in place, check the
/// tests the store has never seen pass, and record the session when it is over.
///
/// The store never decides a run: when it cannot be opened, read or written, the session says so
/// in one line and goes on exactly as it would without one — the same results, reports and exit
/// status. The quarantine file is read before anything runs (a malformed one is an error then).
package struct SessionHistory: Sendable {
  /// The store, when one was given and it opened.
  package let store: (any RunStore)?
  /// The recorder, a listener of the session's events, when the store opened.
  package let recorder: HistoryRecorder?
  /// The quarantine file and its path, when one was given.
  package let quarantine: (file: QuarantineFile, path: String)?
  /// How the tests new to the store are checked; `nil` for not at all.
  package let newTests: NewTestCheck?
  /// Lines to print about the store: why it could not be opened, or why the session is recorded
  /// without its commit.
  package let notes: [String]
  /// When the session started.
  package let started: Date

  /// A session without a store, under `quarantine`.
  package init(quarantine: (file: QuarantineFile, path: String)? = nil) {
    store = nil
    recorder = nil
    self.quarantine = quarantine
    newTests = nil
    notes = []
    started = Date()
  }

  private init(
    store: (any RunStore)?, recorder: HistoryRecorder?,
    quarantine: (file: QuarantineFile, path: String)?, newTests: NewTestCheck?, notes: [String],
    started: Date
  ) {
    self.store = store
    self.recorder = recorder
    self.quarantine = quarantine
    self.newTests = newTests
    self.notes = notes
    self.started = started
  }

  /// Opens the store `location` names (a SQLite file, or a PostgreSQL URL) for a session of the
  /// package at `packagePath` (relative to the current directory, or absolute) run by `command`,
  /// under `quarantine`, checking new tests within `newTestShare` of the session's time (0: not at
  /// all).
  ///
  /// The session is recorded with the commit and branch of the repository that holds the package
  /// (``SourceVersion/lookUp(directory:currentDirectory:environment:)``); when there is none, a
  /// note says so once.
  package static func open(
    _ location: String?, quarantine: (file: QuarantineFile, path: String)?,
    newTestShare: Double, packagePath: String, command: String
  ) async -> SessionHistory {
    let started = Date()
    guard let location else { return SessionHistory(quarantine: quarantine) }
    let where_ = StoreLocation(location)
    do {
      let store = try await where_.open()
      let (source, unknownCommit) = await SourceVersion.lookUp(directory: packagePath)
      let recorder = HistoryRecorder(
        store: store, started: started, source: source,
        machine: ProcessInfo.processInfo.hostName, command: command)
      return SessionHistory(
        store: store, recorder: recorder, quarantine: quarantine,
        newTests: newTestShare > 0 ? NewTestCheck(share: newTestShare) : nil,
        notes: unknownCommit.map { ["note: \($0)"] } ?? [], started: started)
    } catch {
      return SessionHistory(
        store: nil, recorder: nil, quarantine: quarantine, newTests: nil,
        notes: [
          "warning: the store of runs is not used: \(Self.sentence(error)) The session runs and reports as it would without one."
        ], started: started)
    }
  }

  /// The quarantine for a session of `selected` among the package's `listed` tests on `today`:
  /// each entry's note (with when the store first saw its test fail, and its latest cause), a
  /// line for each entry past its date whose test the session runs (it fails the session), a note
  /// for each one past its date whose test it does not run (another shard, a `--filter`), and a
  /// warning note for each entry that names no test of the package.
  package func sessionQuarantine(
    listed: [TestName], selected: [TestName]? = nil,
    today: QuarantineDate = QuarantineDate(Date()), events: SessionEvents
  ) async -> SessionQuarantine {
    guard let quarantine else { return SessionQuarantine() }
    var result = SessionQuarantine()
    let known = Set(listed)
    let running = selected.map(Set.init) ?? known
    for entry in quarantine.file.entries {
      let test = TestName(entry.test)
      guard known.contains(test) else {
        events.send(
          .note(
            "warning: \(quarantine.path) quarantines \(entry.test), which is not a test of this package (swift test list): remove its entry with cleanslate quarantine remove."
          ))
        continue
      }
      guard !entry.expired(on: today) else {
        guard running.contains(test) else {
          events.send(
            .note(
              "note: the quarantine of \(entry.test) expired on \(entry.until) (\(quarantine.path)); it fails the sessions that run it, and this one does not."
            ))
          continue
        }
        result.expired.append(
          "Quarantine expired: \(entry.test) (until \(entry.until), in \(quarantine.path)): it no longer holds, and the run fails until the entry is renewed (cleanslate quarantine add … --until YYYY-MM-DD) or removed."
        )
        continue
      }
      var note = SessionQuarantine.Note(
        reason: entry.reason, until: entry.until.description,
        flakySince: entry.added.description)
      if let store, let results = try? await store.results(of: entry.test, limit: 500) {
        if let first = results.last(where: { $0.result.failures > 0 }) {
          note.flakySince = QuarantineDate(first.session.started).description
        }
        note.cause = results.first { $0.result.causeKind != nil }?.result.causeKind
      }
      result.tests[test] = note
    }
    return result
  }

  /// Checks the tests of `result` the store has never seen pass (``NewTestCheck``), when it has
  /// seen any session before and a check was asked for; a line on `events` when the store could
  /// not say which tests are new.
  ///
  /// - Returns: The tests checked.
  package func checkNewTests(
    _ result: inout SessionResult, selected: [TestName], launcher: some TestLaunching,
    events: SessionEvents
  ) async throws -> [TestName] {
    guard let store, let newTests else { return [] }
    let known: KnownTests
    do {
      known = try await store.knownTests(among: selected.map(\.listed))
    } catch {
      events.send(
        .note(
          "warning: the store of runs could not say which tests are new: \(Self.sentence(error)) None is checked."
        ))
      return []
    }
    guard known.sessions > 0 else { return [] }
    let new = Set(selected.filter { !known.seenPassing.contains($0.listed) })
    return try await newTests.check(
      &result, newTests: new, selected: selected.count,
      sessionSeconds: Date().timeIntervalSince(started), launcher: launcher,
      repetition: result.records.flatMap(\.attempts).map(\.repetition).max() ?? 1,
      events: events)
  }

  /// What `--explain` goes on from for each test it explains, with a store: the rounds its
  /// experiments kept since the test's sequence began (``PooledEvidenceWindow``); a sequence begun
  /// afresh for the tests of `afresh` (`--explain-afresh`). `nil` without a store. A store that
  /// cannot be read costs a note: that test's explanation is this session's alone.
  package func priorEvidence(
    afresh: Set<String>, events: SessionEvents
  ) -> (@Sendable (TestName) async -> PriorEvidence?)? {
    guard let store else { return nil }
    return { test in
      if afresh.contains(test.listed) { return PriorEvidence.none }
      do {
        return PooledEvidenceWindow.prior(from: try await store.evidence(of: test.listed))
      } catch {
        events.send(
          .note(
            "The store of runs could not give what earlier sessions' experiments on \(test.listed) saw: \(Self.sentence(error)) Its explanation is this session's alone."
          ))
        return nil
      }
    }
  }

  /// The tests among `tests` whose explanations are pending in the store — rounds kept since
  /// their last decided explanation — each with what it kept (``PooledEvidenceWindow``): what
  /// `--explain-pending` may go on with. Empty without a store; a store that cannot be read costs
  /// a note.
  package func pendingExplanations(
    among tests: [TestName], events: SessionEvents
  ) async -> [(test: TestName, prior: PriorEvidence)] {
    guard let store else { return [] }
    do {
      let pending = Set(try await store.pendingTests())
      var found: [(test: TestName, prior: PriorEvidence)] = []
      for test in tests where pending.contains(test.listed) {
        found.append(
          (test, PooledEvidenceWindow.prior(from: try await store.evidence(of: test.listed))))
      }
      return found
    } catch {
      events.send(
        .note(
          "The store of runs could not give the pending explanations: \(Self.sentence(error)) None went on in this session."
        ))
      return []
    }
  }

  /// Records the session, once its events are over, with `exitStatus`; prints a line on standard
  /// error when the store could not.
  package func record(exitStatus: Int32) async {
    guard let recorder else { return }
    if let line = await recorder.record(exitStatus: exitStatus) {
      FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
    await store?.close()
  }

  /// `error` in words, ending with a full stop.
  static func sentence(_ error: any Error) -> String {
    let text = "\(error)"
    return text.hasSuffix(".") ? text : text + "."
  }
}
