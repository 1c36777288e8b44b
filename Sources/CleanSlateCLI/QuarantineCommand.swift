import ArgumentParser
import CleanSlateHistory
import Foundation

/// `cleanslate quarantine`: adds, removes and lists the entries of a quarantine file — the plain
/// text file `cleanslate test --quarantine` reads, reviewed in pull requests like the code.
struct QuarantineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quarantine",
    abstract: "Adds, removes and lists the tests of a quarantine file.",
    discussion: """
      A quarantined test still runs and is recorded; its flaky failure does not fail \
      cleanslate test --quarantine <file>, but a test that fails every attempt does, and so \
      does an entry past its date. cleanslate flaky --quarantine <file> says what to add and \
      what to release.
      """,
    subcommands: [Add.self, Remove.self, List.self])

  /// The file every subcommand edits or reads.
  struct File: ParsableArguments {
    @Option(help: ArgumentHelp("The quarantine file.", valueName: "file"))
    var file: String

    /// The file's entries; an empty quarantine when it does not exist.
    func read() throws -> QuarantineFile {
      do {
        return try QuarantineFile.read(file)
      } catch {
        throw failure("\(error)")
      }
    }

    func write(_ quarantine: QuarantineFile) throws {
      do {
        try quarantine.write(to: file)
      } catch {
        throw failure("\(error)")
      }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Adds a test to the quarantine, or renews its entry.")

    @Argument(help: "The test, as swift test list prints it.")
    var test: String

    @Option(help: ArgumentHelp("Why: the cause, the issue that tracks the fix.", valueName: "text"))
    var reason: String

    @Option(help: ArgumentHelp("The last day it holds.", valueName: "YYYY-MM-DD"))
    var until: String

    @OptionGroup var file: File

    func validate() throws {
      guard !test.trimmingCharacters(in: .whitespaces).isEmpty, !test.contains("|") else {
        throw ValidationError(
          "'\(test)' is not a test's name: give it as swift test list prints it.")
      }
      guard !reason.trimmingCharacters(in: .whitespaces).isEmpty, !reason.contains("\n") else {
        throw ValidationError("--reason must say why, on one line.")
      }
      guard let day = QuarantineDate(until) else {
        throw ValidationError("--until '\(until)' is not a day: give YYYY-MM-DD, as 2026-12-31.")
      }
      let today = QuarantineDate(Date())
      guard !(day < today) else {
        throw ValidationError(
          "--until \(until) is past (today is \(today) in UTC): give a later day.")
      }
    }

    func run() throws {
      var quarantine = try file.read()
      let renewed = quarantine.entry(for: test) != nil
      let added = quarantine.entry(for: test)?.added ?? QuarantineDate(Date())
      quarantine.put(
        QuarantineEntry(
          test: test, added: added, until: QuarantineDate(until)!,
          reason: reason.trimmingCharacters(in: .whitespaces)))
      try file.write(quarantine)
      print("\(renewed ? "Renewed" : "Quarantined") \(test) until \(until) in \(file.file).")
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Releases a test from the quarantine.")

    @Argument(help: "The test, as the file names it.")
    var test: String

    @OptionGroup var file: File

    func run() throws {
      var quarantine = try file.read()
      guard quarantine.remove(test) else {
        throw failure("\(file.file) has no entry for \(test).")
      }
      try file.write(quarantine)
      print("Released \(test) from \(file.file).")
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Lists the quarantine's entries, and those past their date.")

    @OptionGroup var file: File

    func run() throws {
      let quarantine = try file.read()
      let today = QuarantineDate(Date())
      guard !quarantine.entries.isEmpty else {
        print("\(file.file) quarantines no test.")
        return
      }
      for entry in quarantine.entries {
        let state = entry.expired(on: today) ? "EXPIRED " : ""
        print(
          "\(state)\(entry.test): until \(entry.until) (added \(entry.added)) — \(entry.reason)")
      }
    }
  }
}
