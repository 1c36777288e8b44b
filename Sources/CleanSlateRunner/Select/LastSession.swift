import CleanSlate
package import Foundation

/// What `--last-failed` reads: the tests that failed, were flaky, crashed or timed out in a
/// package's last `cleanslate test` session, kept where `swift build` keeps its state
/// (`.build/cleanslate/last-session.json`) by every session that runs tests.
///
/// ```json
/// {"schemaVersion":1,"ended":"2026-12-07T13:40:12Z","ran":14,"failed":["Tests.A/testB"]}
/// ```
package struct LastSession: Codable, Sendable, Equatable {
  /// The version of the file's shape this build reads and writes.
  package static let currentSchemaVersion = 1

  /// The version of the file's shape.
  package var schemaVersion = Self.currentSchemaVersion
  /// When the session ended (one read from a store of runs: when it started).
  package var ended: Date
  /// How many tests it ran.
  package var ran: Int
  /// The tests with a failed attempt (failed, flaky, crashed or timed out), as `swift test list`
  /// prints them, in the order of the selection.
  package var failed: [String]

  /// A last session that ended at `ended`, ran `ran` tests, and in which `failed` failed.
  package init(ended: Date, ran: Int, failed: [String]) {
    self.ended = ended
    self.ran = ran
    self.failed = failed
  }

  /// The last session `result` makes, ended at `ended`: each test with a failed attempt.
  ///
  /// When a signal stopped the session (``SessionResult/interruption``), the tests it was running
  /// count as failed (they did not pass), and a test it kept from running keeps what `earlier`,
  /// the last session before, said of it: a session cut short forgets no failure.
  package init(_ result: SessionResult, after earlier: LastSession? = nil, ended: Date = Date()) {
    var failed = result.records.filter { $0.failures > 0 }.map(\.name.listed)
    if let interruption = result.interruption {
      let notRun = Set(interruption.notRun.map(\.listed))
      failed += interruption.running.map(\.listed)
      failed += (earlier?.failed ?? []).filter(notRun.contains)
    }
    self.init(ended: ended, ran: result.records.count, failed: failed)
  }

  /// The file of the package at `packagePath` (relative to `currentDirectory`, or absolute),
  /// in the directory `swift build` keeps its state in: `<package>/.build`, or the one
  /// `--scratch-path` names among `arguments` (the arguments after `--`).
  package static func file(
    packagePath: String, arguments: [String] = [],
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> URL {
    let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    var scratch = URL(fileURLWithPath: packagePath, relativeTo: base)
      .appendingPathComponent(".build", isDirectory: true)
    for (index, argument) in arguments.enumerated() {
      if argument == "--scratch-path", index + 1 < arguments.count {
        scratch = URL(fileURLWithPath: arguments[index + 1], relativeTo: base)
      } else if argument.hasPrefix("--scratch-path=") {
        scratch = URL(
          fileURLWithPath: String(argument.dropFirst("--scratch-path=".count)), relativeTo: base)
      }
    }
    return scratch.appendingPathComponent("cleanslate/last-session.json").standardizedFileURL
  }

  /// The last session kept in `file`; `nil` when there is none. Throws ``Unreadable`` when the
  /// file cannot be read, is not such a file, or has a shape this build does not know.
  package static func read(from file: URL) throws(Unreadable) -> LastSession? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let data: Data
    do { data = try Data(contentsOf: file) } catch {
      throw Unreadable(file: file.path, why: "it cannot be read (\(error.localizedDescription))")
    }
    struct Version: Decodable { var schemaVersion: Int }
    guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
      throw Unreadable(file: file.path, why: "it is not a last session's JSON")
    }
    guard version.schemaVersion == currentSchemaVersion else {
      throw Unreadable(
        file: file.path,
        why:
          "its schema version is \(version.schemaVersion), and this cleanslate reads \(currentSchemaVersion)"
      )
    }
    do {
      return try decoder.decode(LastSession.self, from: data)
    } catch {
      throw Unreadable(file: file.path, why: "it is not a last session's JSON")
    }
  }

  /// Writes it to `file`, making its directory when needed, at once (a reader never sees half of
  /// it).
  package func write(to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(self).write(to: file, options: .atomic)
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// A last session's file that cannot be used: where it is, and why.
  package struct Unreadable: Error, Equatable, CustomStringConvertible {
    /// The file.
    package var file: String
    /// Why it cannot be used, as a clause: `it is not a last session's JSON`.
    package var why: String

    /// `file` cannot be used, for the reason `why`.
    package init(file: String, why: String) {
      self.file = file
      self.why = why
    }

    /// `<file>: <why>`.
    package var description: String { "\(file): \(why)" }
  }
}
