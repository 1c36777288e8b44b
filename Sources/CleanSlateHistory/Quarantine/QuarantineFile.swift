import Foundation

/// The quarantine: a plain text file in the repository, one entry a line, reviewed in pull
/// requests like the code.
///
/// ```
/// # Tests whose flaky failures do not fail `cleanslate test --quarantine <this file>`.
/// # One entry a line: test | added YYYY-MM-DD | until YYYY-MM-DD | reason
/// ShopTests.OrderXCTests/testOrderAsJSON | added 2026-11-29 | until 2026-12-31 | hash order (#212)
/// ```
///
/// Blank lines and lines starting with `#` are comments and are kept as they are when
/// `cleanslate quarantine` edits the file.
package struct QuarantineFile: Sendable, Equatable {
  /// Each line of the file, in order.
  package enum Line: Sendable, Equatable {
    case comment(String)
    case entry(QuarantineEntry)
  }

  package var lines: [Line]

  /// The header a new file starts with.
  package static let header: [Line] = [
    .comment(
      "# Tests whose flaky failures do not fail `cleanslate test --quarantine <this file>`: they"),
    .comment("# still run and are recorded, and one that fails every attempt still fails the run."),
    .comment("# One entry a line: test | added YYYY-MM-DD | until YYYY-MM-DD | reason"),
    .comment("# Edit with cleanslate quarantine add, remove and list."),
  ]

  package init(lines: [Line] = QuarantineFile.header) {
    self.lines = lines
  }

  /// The entries, in the file's order.
  package var entries: [QuarantineEntry] {
    lines.compactMap { line in
      if case .entry(let entry) = line { return entry }
      return nil
    }
  }

  /// The entry of `test`, when it has one.
  package func entry(for test: String) -> QuarantineEntry? {
    entries.first { $0.test == test }
  }

  /// Reads `text`.
  ///
  /// - Throws: ``QuarantineFileError`` naming the first line that is not an entry or a comment,
  ///   or that names a test already named.
  package init(parsing text: String, path: String) throws {
    var lines: [Line] = []
    var tests: [String: Int] = [:]
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let number = offset + 1
      let line = String(raw).trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") {
        lines.append(.comment(String(raw)))
        continue
      }
      let entry = try Self.entry(line, path: path, line: number)
      if let earlier = tests[entry.test] {
        throw QuarantineFileError(
          path: path, line: number,
          "\(entry.test) is in quarantine on line \(earlier) already: keep one entry a test.")
      }
      tests[entry.test] = number
      lines.append(.entry(entry))
    }
    // The empty line after the last newline is not a line of the file.
    if case .comment(let last) = lines.last, last.isEmpty { lines.removeLast() }
    self.lines = lines
  }

  /// Reads the file at `path`; a file that does not exist is an empty quarantine.
  ///
  /// - Throws: ``QuarantineFileError`` when it cannot be read or is not a quarantine file.
  package static func read(_ path: String) throws -> QuarantineFile {
    guard FileManager.default.fileExists(atPath: path) else { return QuarantineFile() }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw QuarantineFileError(
        path: path, line: nil, "cannot be read: \(error.localizedDescription)")
    }
    return try QuarantineFile(parsing: text, path: path)
  }

  /// The file's text.
  package var text: String {
    lines.map { line in
      switch line {
      case .comment(let text): text
      case .entry(let entry): entry.line
      }
    }.joined(separator: "\n") + "\n"
  }

  /// Writes the file at `path`, at once (a reader never sees half of it).
  package func write(to path: String) throws {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw QuarantineFileError(
        path: path, line: nil, "cannot be written: \(error.localizedDescription)")
    }
  }

  /// Adds `entry`, or replaces the entry of its test where it is.
  package mutating func put(_ entry: QuarantineEntry) {
    if let index = lines.firstIndex(where: { $0.test == entry.test }) {
      lines[index] = .entry(entry)
    } else {
      lines.append(.entry(entry))
    }
  }

  /// Removes the entry of `test`; `false` when it had none.
  package mutating func remove(_ test: String) -> Bool {
    guard let index = lines.firstIndex(where: { $0.test == test }) else { return false }
    lines.remove(at: index)
    return true
  }

  private static func entry(
    _ line: String, path: String, line number: Int
  ) throws -> QuarantineEntry {
    let shape = "test | added YYYY-MM-DD | until YYYY-MM-DD | reason"
    // The reason is the rest of the line: it may hold the separator.
    let fields = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard fields.count >= 3 else {
      throw QuarantineFileError(
        path: path, line: number, "is not an entry: write it as \(shape) (found: \(line)).")
    }
    let test = fields[0]
    let reason = fields.count == 4 ? fields[3] : ""
    func day(_ field: String, _ word: String) throws -> QuarantineDate {
      let trimmed = field.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix(word + " "),
        let day = QuarantineDate(String(trimmed.dropFirst(word.count + 1)))
      else {
        throw QuarantineFileError(
          path: path, line: number,
          "'\(trimmed)' is not '\(word) YYYY-MM-DD' (a day of the calendar, as 2026-12-31): write the entry as \(shape)."
        )
      }
      return day
    }
    let added = try day(fields[1], "added")
    let until = try day(fields[2], "until")
    guard !test.isEmpty else {
      throw QuarantineFileError(path: path, line: number, "names no test: write it as \(shape).")
    }
    guard !reason.isEmpty else {
      throw QuarantineFileError(
        path: path, line: number, "gives no reason for \(test): every entry says why (\(shape)).")
    }
    return QuarantineEntry(test: test, added: added, until: until, reason: reason)
  }
}

extension QuarantineFile.Line {
  /// The test of an entry; `nil` for a comment.
  fileprivate var test: String? {
    if case .entry(let entry) = self { return entry.test }
    return nil
  }
}

/// A quarantine file that cannot be read, or a line of it that is not an entry.
package struct QuarantineFileError: Error, Equatable, CustomStringConvertible {
  package var path: String
  /// The line, from 1; `nil` when the whole file is at fault.
  package var line: Int?
  package var message: String

  package init(path: String, line: Int?, _ message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  /// `quarantine.txt:3: 'until 2026-13-01' is not …`.
  package var description: String {
    "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
  }
}
