import Foundation

extension Sentinel {
  /// The sentinel the whole run asked for with `CLEANSLATE_SENTINEL`, read once per process;
  /// `nil` when it is unset, so that a run without it pays one branch per scope.
  ///
  /// - `CLEANSLATE_SENTINEL=1` (or `true`, `yes`, `all`) checks every kind;
  ///   `CLEANSLATE_SENTINEL=environment,threads` checks those kinds;
  ///   `CLEANSLATE_SENTINEL=-files` checks every kind but files.
  /// - `CLEANSLATE_SENTINEL_ALLOW=environment:APP_*,threads:NIO-ELT-*` allows names by kind; an
  ///   entry without a known kind before its first `:` applies to every kind.
  /// - `CLEANSLATE_SENTINEL_MODE=warn` writes what every sentinel of the process finds to the
  ///   trace and to standard error, as warnings, instead of failing tests.
  package static let runWide: Sentinel? = fromEnvironment(
    ProcessEnvironment.value(of: "CLEANSLATE_SENTINEL"),
    allowing: ProcessEnvironment.value(of: "CLEANSLATE_SENTINEL_ALLOW"),
    warn: { FileHandle.standardError.write(Data("[CleanSlate] \($0)\n".utf8)) })

  /// Whether the sentinels of this process only warn (``warnsOnly``): `CLEANSLATE_SENTINEL_MODE`
  /// is `warn`, read once per process.
  static let warnsOnlyInThisProcess: Bool = warns(
    inMode: ProcessEnvironment.value(of: "CLEANSLATE_SENTINEL_MODE"),
    warn: { FileHandle.standardError.write(Data("[CleanSlate] \($0)\n".utf8)) })

  /// Whether `CLEANSLATE_SENTINEL_MODE=mode` asks the sentinels to warn rather than fail tests:
  /// `warn` does; unset, empty or `fail` does not; `warn` hears about any other value.
  static func warns(inMode mode: String?, warn: (String) -> Void) -> Bool {
    switch mode?.trimmingCharacters(in: .whitespaces).lowercased() ?? "" {
    case "warn": return true
    case "", "fail": return false
    case let other:
      warn("CLEANSLATE_SENTINEL_MODE: '\(other)' is not a mode; the modes are fail and warn.")
      return false
    }
  }

  /// Where failures of a run-wide sentinel point when their scope has no location of its own.
  static let runWideLocation = CodeLocation(
    fileID: "CLEANSLATE_SENTINEL", filePath: "CLEANSLATE_SENTINEL", line: 1, column: 1)

  /// The configuration `CLEANSLATE_SENTINEL` and `CLEANSLATE_SENTINEL_ALLOW` describe, or `nil`
  /// when the first is unset or turns the sentinel off; `warn` hears about names it ignored.
  package static func fromEnvironment(
    _ kindsValue: String?, allowing allowValue: String?, warn: (String) -> Void
  ) -> Sentinel? {
    guard let kindsValue = kindsValue?.trimmingCharacters(in: .whitespaces),
      !["", "0", "false", "no", "off"].contains(kindsValue.lowercased())
    else { return nil }
    var kinds: Set<Kind> = []
    var removed: Set<Kind> = []
    for word in words(kindsValue) {
      if ["1", "true", "yes", "on", "all"].contains(word.lowercased()) {
        kinds = Kind.all
      } else if word.hasPrefix("-"), let kind = Kind.named(String(word.dropFirst())) {
        removed.insert(kind)
      } else if let kind = Kind.named(word) {
        kinds.insert(kind)
      } else {
        warn(
          "CLEANSLATE_SENTINEL: '\(word)' is not a kind of state; the kinds are \(Kind.allInOrder.map(\.name).joined(separator: ", "))."
        )
      }
    }
    if kinds.isEmpty && !removed.isEmpty { kinds = Kind.all }
    var sentinel = Sentinel(checking: kinds.subtracting(removed))
    sentinel.location = runWideLocation
    for word in words(allowValue ?? "") {
      if let colon = word.firstIndex(of: ":"), let kind = Kind.named(String(word[..<colon])) {
        sentinel.allowed[kind, default: []].append(String(word[word.index(after: colon)...]))
      } else {
        for kind in Kind.allInOrder { sentinel.allowed[kind, default: []].append(word) }
      }
    }
    return sentinel
  }

  private static func words(_ value: String) -> [String] {
    value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}

/// A name in an allow-list: exact, or a prefix followed by `*`.
enum NamePattern {
  static func matches(_ pattern: String, _ name: String) -> Bool {
    if pattern.hasSuffix("*") { return name.hasPrefix(pattern.dropLast()) }
    return name == pattern
  }
}
