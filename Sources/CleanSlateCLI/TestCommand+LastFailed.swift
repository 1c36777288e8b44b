import CleanSlate
import CleanSlateRunner
import Foundation

extension TestCommand {
  /// The file the package's last session is kept in (``LastSession/file(packagePath:arguments:currentDirectory:)``).
  var lastSessionFile: URL {
    LastSession.file(packagePath: selection.packagePath, arguments: swiftTestArguments)
  }

  /// The tests `--last-failed` runs among `chosen` (the selection of `--filter` and `--shard`),
  /// with the one line that says why, sent to `events` as a note: the tests that failed, were
  /// flaky, crashed or timed out in the package's last session, those of them `chosen` holds.
  ///
  /// The last session is the newer of the one kept in `.build` (``lastSessionFile``) and `stored`,
  /// the latest the store of runs recorded on this branch. Every test of `chosen` runs when there
  /// is no last session, it cannot be read, or no test failed in it (as pytest's `--lf` does);
  /// none when `chosen` holds none of those that failed.
  func lastFailed(
    among chosen: [TestName], stored: LastSession?, events: SessionEvents
  ) -> [TestName] {
    let file = lastSessionFile
    let every = "running every selected test (\(chosen.count))."
    var kept: LastSession?
    do {
      kept = try LastSession.read(from: file)
    } catch {
      events.send(.note("--last-failed: \(error); it is not used."))
    }
    let last: LastSession
    let source: String
    switch (kept, stored) {
    case (let kept?, let stored?) where stored.ended > kept.ended:
      (last, source) = (stored, "the store of runs")
    case (let kept?, _):
      (last, source) = (kept, file.path)
    case (nil, let stored?):
      (last, source) = (stored, "the store of runs")
    case (nil, nil):
      events.send(
        .note(
          "--last-failed: this package has no last session (no \(file.path), and no store of runs holds one): \(every)"
        ))
      return chosen
    }
    let when = last.ended.formatted(.iso8601)
    guard !last.failed.isEmpty else {
      events.send(
        .note(
          "--last-failed: no test failed in the last session (\(last.ran) tests, \(when), from \(source)): \(every)"
        ))
      return chosen
    }
    let failed = Set(last.failed)
    let running = chosen.filter { failed.contains($0.listed) }
    let count = "\(last.failed.count) test\(last.failed.count == 1 ? "" : "s")"
    let narrowed = [
      selection.filter.isEmpty ? nil : "--filter", selection.shard == nil ? nil : "--shard",
    ].compactMap { $0 }.joined(separator: " and ")
    let head = "the \(count) that failed in the last session (\(when), from \(source))"
    let line: String
    if running.isEmpty {
      let selects = narrowed.isEmpty ? "is still listed" : "is one \(narrowed) selects"
      line = "--last-failed: none of \(head) \(selects): nothing to run."
    } else if running.count == last.failed.count {
      line = "--last-failed: running \(head): \(running.map(\.listed).joined(separator: ", "))."
    } else {
      let others =
        narrowed.isEmpty ? "the others are no longer listed" : "those \(narrowed) also selects"
      line =
        "--last-failed: running \(running.count) of \(head), \(others): \(running.map(\.listed).joined(separator: ", "))."
    }
    events.send(.note(line))
    return running
  }

  /// Keeps `result` as the package's last session, for a later `--last-failed` (a session a
  /// signal stopped keeps the failures the one before it saw in the tests it did not run); a
  /// file that cannot be written is one note to `events`, and changes nothing else.
  func keepLastSession(_ result: SessionResult, events: SessionEvents) {
    let file = lastSessionFile
    let earlier = result.interruption == nil ? nil : try? LastSession.read(from: file)
    do {
      try LastSession(result, after: earlier).write(to: file)
    } catch {
      events.send(
        .note(
          "note: the session is not kept for --last-failed: \(file.path) cannot be written (\(error.localizedDescription))."
        ))
    }
  }
}
