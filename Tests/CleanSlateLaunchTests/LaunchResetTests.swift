import CleanSlateLaunch
import Foundation
import Testing

/// Rule "Launch reset": a reset happens only when the argument and the environment token are
/// both there and match; it touches only the declared stores and reports what it removed.
@Suite struct LaunchResetTests {
  @Test func resetsEveryDeclaredStoreWithTheArgumentAndAMatchingToken() throws {
    // Given an app's data directory, file, defaults suite and custom action, all holding state
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let data = try tree.directory("data")
    try tree.file("data/items.json")
    try tree.file("data/cache/a.bin")
    let settings = try tree.file("settings.plist")
    let suite = "cleanslate.launch-tests.\(UUID().uuidString)"
    UserDefaults(suiteName: suite)!.set("alpha", forKey: "sortOrder")
    defer { UserDefaults(suiteName: suite)!.removePersistentDomain(forName: suite) }
    let customRuns = Counter()
    let reset = LaunchReset(stores: [
      .directory(data), .file(settings), .defaults(suite: suite),
      .custom("memory cache") { customRuns.increment() },
    ])

    // When the app is launched with the argument and the same token in its environment
    let report = reset.performIfRequested(
      arguments: Launch.arguments("--cleanslate-reset", "t0k3n"),
      environment: Launch.environment(token: "t0k3n"))

    // Then every store is clean, the directory itself is kept, and the report says what went
    #expect(report.outcome == .performed)
    #expect(report.isCleanSlate)
    #expect(tree.contents(of: data) == [])
    #expect(tree.exists(data))
    #expect(!tree.exists(settings))
    #expect(UserDefaults(suiteName: suite)!.persistentDomain(forName: suite)?.isEmpty ?? true)
    #expect(customRuns.value == 1)
    #expect(
      report.removed.map(\.description) == [
        "directory \(data.path): cache/ (1 entry inside)",
        "directory \(data.path): items.json",
        "file \(settings.path): \(settings.path)",
        "defaults suite \(suite): sortOrder",
        "custom memory cache: (ran its reset action)",
      ])
  }

  @Test func acceptsTheTokenAttachedWithAnEqualsSign() throws {
    // Given a data directory with a file
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let data = try tree.directory("data")
    try tree.file("data/items.json")

    // When the argument carries its token as --cleanslate-reset=TOKEN
    let report = LaunchReset(stores: [.directory(data)]).performIfRequested(
      arguments: Launch.arguments("--verbose", "--cleanslate-reset=abc"),
      environment: Launch.environment(token: "abc"))

    // Then the reset ran
    #expect(report.outcome == .performed)
    #expect(tree.contents(of: data) == [])
  }

  @Test(arguments: [
    (["--cleanslate-reset", "t0k3n"], nil as String?, "refused"),
    (["--cleanslate-reset", "t0k3n"], "", "refused"),
    (["--cleanslate-reset", "t0k3n"], "other", "refused"),
    (["--cleanslate-reset"], "t0k3n", "refused"),
    ([], "t0k3n", "notRequested"),
    (["t0k3n"], "t0k3n", "notRequested"),
  ])
  func touchesNothingUnlessBothHalvesArePresentAndMatch(
    arguments: [String], token: String?, expected: String
  ) throws {
    // Given a data directory with a file
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let data = try tree.directory("data")
    let item = try tree.file("data/items.json")

    // When the launch has only one half of the request, or halves that do not match
    let report = LaunchReset(stores: [.directory(data)]).performIfRequested(
      arguments: [Launch.program] + arguments, environment: Launch.environment(token: token))

    // Then nothing was touched, and the report says why
    #expect(tree.exists(item))
    #expect(report.removed.isEmpty)
    switch report.outcome {
    case .refused(let reason):
      #expect(expected == "refused")
      #expect(reason.contains("--cleanslate-reset"))
    case .notRequested:
      #expect(expected == "notRequested")
    default:
      Issue.record("unexpected outcome \(report.outcome)")
    }
  }

  @Test func aDryRunReportsWhatWouldBeRemovedAndRemovesNothing() throws {
    // Given a data directory holding a file, a nested directory and a custom action
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let data = try tree.directory("data")
    let item = try tree.file("data/items.json")
    try tree.file("data/photos/1.jpg")
    try tree.file("data/photos/2.jpg")
    let customRuns = Counter()
    let reset = LaunchReset(stores: [.directory(data), .custom("index") { customRuns.increment() }])

    // When a requested reset runs as a dry run, and a preview is asked for
    let dryRun = reset.performIfRequested(
      arguments: Launch.arguments("--cleanslate-reset", "x"),
      environment: Launch.environment(token: "x"), dryRun: true)
    let preview = reset.preview()

    // Then both list what would go, and nothing went
    #expect(dryRun.outcome == .previewed)
    #expect(preview.outcome == .previewed)
    let expected = [
      "directory \(data.path): items.json",
      "directory \(data.path): photos/ (2 entries inside)",
      "custom index: (runs its reset action)",
    ]
    #expect(dryRun.removed.map(\.description) == expected)
    #expect(preview.removed.map(\.description) == expected)
    #expect(tree.exists(item))
    #expect(tree.contents(of: data) == ["items.json", "photos"])
    #expect(customRuns.value == 0)
  }

  @Test func linksOutOfADeclaredDirectoryAreRemovedButNeverFollowed() throws {
    // Given a data directory holding links to a directory and a file outside it
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let outside = try tree.directory("outside")
    let precious = try tree.file("outside/precious.txt")
    let preciousFile = try tree.file("precious-file.txt")
    let data = try tree.directory("data")
    try tree.link("data/escape", to: outside)
    try tree.directory("data/nested")
    try tree.link("data/nested/escape-file", to: preciousFile)

    // When the app is reset
    let report = LaunchReset(stores: [.directory(data)]).performIfRequested(
      arguments: Launch.arguments("--cleanslate-reset", "k"),
      environment: Launch.environment(token: "k"))

    // Then the links are gone, and everything they pointed to is still there
    #expect(report.isCleanSlate, "\(report)")
    #expect(tree.contents(of: data) == [])
    #expect(tree.exists(precious))
    #expect(tree.exists(preciousFile))
    #expect(
      report.removed.first?.item == "escape -> \(outside.path) (the link only; never followed)")
  }

  @Test func aDeclaredDirectoryThatIsALinkIsRefusedAndItsTargetKept() throws {
    // Given a declared "directory" that is really a link to another directory
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let real = try tree.directory("real")
    let kept = try tree.file("real/kept.txt")
    let declared = try tree.link("declared", to: real)

    // When the app is reset
    let report = LaunchReset(stores: [.directory(declared)]).performIfRequested(
      arguments: Launch.arguments("--cleanslate-reset", "k"),
      environment: Launch.environment(token: "k"))

    // Then it is reported, not followed
    #expect(tree.exists(kept))
    #expect(report.failures.count == 1)
    #expect(report.failures.first?.message.contains("symbolic link") == true)
    #expect(!report.isCleanSlate)
  }

  @Test func aFailingStoreIsReportedAndTheOthersStillReset() throws {
    // Given a custom action that throws, declared before a directory
    struct Unreachable: Error, CustomStringConvertible {
      var description: String { "server unreachable" }
    }
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let data = try tree.directory("data")
    try tree.file("data/items.json")
    let reset = LaunchReset(stores: [
      .custom("remote") { throw Unreachable() }, .directory(data),
    ])

    // When the app is reset
    let report = reset.performIfRequested(
      arguments: Launch.arguments("--cleanslate-reset", "k"),
      environment: Launch.environment(token: "k"))

    // Then the failure is in the report, and the directory was still emptied
    #expect(
      report.failures.map(\.description) == [
        "custom remote: its reset action threw: server unreachable"
      ])
    #expect(tree.contents(of: data) == [])
    #expect(report.description.contains("failed: custom remote"))
  }

  @Test func missingStoresAreAlreadyClean() throws {
    // Given stores that do not exist yet (a first launch)
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let reset = LaunchReset(stores: [
      .directory(tree.root.appendingPathComponent("never-created")),
      .file(tree.root.appendingPathComponent("never-written.json")),
    ])

    // When the app is reset
    let report = reset.performIfRequested(
      arguments: Launch.arguments("--cleanslate-reset", "k"),
      environment: Launch.environment(token: "k"))

    // Then there is nothing to remove and nothing failed
    #expect(report.isCleanSlate)
    #expect(report.removed.isEmpty)
  }

  @Test func aRequestCarriesTheSameTokenInBothHalves() throws {
    // Given a request made by a test launcher
    let request = LaunchResetRequest()

    // When an app sees its arguments and environment
    let tree = try TemporaryTree()
    defer { tree.remove() }
    let report = LaunchReset(stores: [.directory(tree.root)]).performIfRequested(
      arguments: [Launch.program] + request.arguments, environment: request.environment)

    // Then the app accepts it, and two requests never share a token
    #expect(report.outcome == .performed)
    #expect(LaunchResetRequest().token != request.token)
  }
}

/// Counts calls from a `@Sendable` closure.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
