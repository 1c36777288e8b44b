import CleanSlateChildProcess
import Foundation

/// The function and source place of addresses in binaries, from their debug information: the
/// toolchain's `llvm-symbolizer` (next to `swift`) finds them, `swift-demangle` gives the
/// functions' names in Swift's words.
///
/// One `llvm-symbolizer` reads every address of a question, so a binary's debug information is
/// loaded once: a few tenths of a second for a test product of a hundred megabytes.
enum DebugSymbols {
  /// An address to look up: the binary's file, and the address inside it (from its load address;
  /// for a return address, the call before it).
  struct Address: Sendable, Equatable {
    var module: String
    var offset: UInt64
  }

  /// What the debug information says of an address.
  struct Place: Sendable, Equatable {
    /// The function, demangled when `lookUp(_:demangling:)` was asked to: `configure(_:)`.
    var function: String
    /// The source file, when known: `/src/Sources/App/configure.swift`, `<compiler-generated>`.
    var file: String?
    /// The line and column in it; 0 when unknown.
    var line: Int
    var column: Int
  }

  /// Whether the tools are here: the toolchain's `llvm-symbolizer` and `swift-demangle`.
  static var available: Bool { symbolizer != nil && demangler != nil }

  // Found once: every experiment run asks whether they are here.
  private static let symbolizer = ThreadStacks.toolchainExecutable(named: "llvm-symbolizer")
  private static let demangler = ThreadStacks.toolchainExecutable(named: "swift-demangle")

  /// Where each of `addresses` is, in order: `nil` for one the debug information does not name.
  static func lookUp(_ addresses: [Address], demangling: Bool = true) async -> [Place?] {
    guard !addresses.isEmpty, let symbolizer else {
      return Array(repeating: nil, count: addresses.count)
    }
    let input = addresses.map { "CODE \"\($0.module)\" 0x\(String($0.offset, radix: 16))" }
    let outcome = try? await ChildProcess(symbolizer, ["--no-inlines", "--no-demangle"]).run(
      input: input.joined(separator: "\n") + "\n")
    let printed = (outcome?.standardOutput ?? "").split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    // Each answer is two lines (the function, `file:line:column`) and an empty one.
    var answers: [[String]] = [[]]
    for line in printed {
      if line.isEmpty {
        if !answers[answers.count - 1].isEmpty { answers.append([]) }
      } else {
        answers[answers.count - 1].append(line)
      }
    }
    var places: [Place?] = addresses.indices.map { index in
      guard index < answers.count, answers[index].count >= 2, answers[index][0] != "??" else {
        return nil
      }
      let parts = answers[index][1].split(separator: ":", omittingEmptySubsequences: false)
      let file = parts.count >= 3 ? parts.dropLast(2).joined(separator: ":") : nil
      return Place(
        function: answers[index][0], file: file == "??" ? nil : file,
        line: parts.count >= 3 ? Int(parts[parts.count - 2]) ?? 0 : 0,
        column: parts.count >= 3 ? Int(parts[parts.count - 1]) ?? 0 : 0)
    }
    guard demangling else { return places }
    let named = places.indices.filter { places[$0] != nil }
    let names = await demangled(named.map { places[$0]!.function })
    for (index, name) in zip(named, names) { places[index]!.function = name }
    return places
  }

  /// `lines` with their Swift symbols in Swift's words (`swift-demangle --simplified`): `lines`
  /// as they are when it cannot run.
  static func demangled(_ lines: [String]) async -> [String] {
    guard !lines.isEmpty, let demangler,
      let outcome = try? await ChildProcess(demangler, ["--simplified"]).run(
        input: lines.joined(separator: "\n") + "\n"),
      outcome.succeeded
    else { return lines }
    let result = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    return result.count >= lines.count ? Array(result.prefix(lines.count)) : lines
  }
}
