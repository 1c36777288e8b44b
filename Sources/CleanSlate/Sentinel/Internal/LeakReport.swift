/// Turns leaked items into failures: one per kind of state, with every item of that kind and
/// what to do about it.
enum LeakReport {
  /// At most this many items are listed per failure; the rest are counted.
  static let shownItems = 25

  /// One failure per kind among `items`, about `subject` (`Test 'StoreTests/saves()'`).
  ///
  /// - Parameter suspects: For items first seen by scopes that ran alongside others, the names
  ///   of those scopes, by the item's identity.
  static func failures(
    _ items: [LeakedItem], subject: String, when: String, suspects: [String: [String]] = [:],
    location: CodeLocation
  ) -> [CleanSlateError] {
    let byKind = Dictionary(grouping: items, by: \.kind)
    return byKind.keys.sorted().map { kind in
      let items = byKind[kind]!
      var lines = items.prefix(shownItems).map { item in
        var line = "    \(item.line)"
        if let names = suspects[item.identity], !names.isEmpty {
          line += "; it changed while \(list(names.sorted())) ran, alongside other tests"
        }
        return line
      }
      if items.count > shownItems { lines.append("    … and \(items.count - shownItems) more") }
      let summary =
        "\(subject) left \(phrase(kind, count: items.count)) \(when):\n"
        + lines.joined(separator: "\n")
      return CleanSlateError(
        .stateLeaked, summary: summary, location: location,
        advice: advice(kind, example: items[0].suggestedName))
    }
  }

  private static func phrase(_ kind: Sentinel.Kind, count: Int) -> String {
    let plural = count == 1 ? "" : "s"
    switch kind {
    case .environment: return "\(count) environment variable\(plural) changed"
    case .currentDirectory: return "the current directory changed"
    case .userDefaults: return "\(count) standard UserDefaults key\(plural) changed"
    case .files: return "\(count) file\(plural) created or removed"
    case .fileDescriptors: return "\(count) file descriptor\(plural) open"
    case .threads: return "\(count) thread\(plural) running"
    case .childProcesses:
      return "\(count) child process\(count == 1 ? "" : "es") running"
    case .listeningSockets: return "\(count) socket\(plural) listening"
    default: return "\(count) change\(plural) of \(kind)"
    }
  }

  private static func advice(_ kind: Sentinel.Kind, example: String) -> String {
    let fix: String
    switch kind {
    case .environment:
      fix =
        "Set variables with the .environment fixture (try await use(.environment([\"\(example)\": \"…\"]))), which restores exactly what was there, unset variables included."
    case .currentDirectory:
      fix =
        "Change directory with the .currentDirectory fixture, which changes back when the test ends."
    case .userDefaults:
      fix =
        "Inject the .userDefaults fixture (a suite of the test's own), or use .cleanStandardUserDefaults, which restores the standard domain."
    case .files:
      fix =
        "Write under the .temporaryDirectory or .homeDirectory fixture (removed when the test ends), or remove the files in a teardown."
    case .fileDescriptors:
      fix =
        "Close them before the test ends, or in a teardown registered where they are opened (context.addTeardown)."
    case .threads:
      fix =
        "Stop and join them before the test ends, or in a teardown; a pool that lives for the whole run can be allowed by name."
    case .childProcesses:
      fix =
        "Terminate and wait for them in a teardown, or launch them with the .launchedApp fixture (CleanSlateLaunchedApp), which stops them when the test ends."
    case .listeningSockets:
      fix = "Close the listener in a teardown (shut the server down) before the test ends."
    default:
      fix = "Restore it before the test ends."
    }
    return fix
      + " If the run may keep it, allow it: .sentinel(allowing: [.\(kind.name): [\"\(example)\"]]), or CLEANSLATE_SENTINEL_ALLOW=\(kind.name):\(example)."
  }

  /// `a`, `a and b`, `a, b and 2 more`.
  static func list(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    switch quoted.count {
    case 0: return ""
    case 1: return quoted[0]
    case 2, 3: return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    default: return quoted.prefix(2).joined(separator: ", ") + " and \(quoted.count - 2) more"
    }
  }
}
