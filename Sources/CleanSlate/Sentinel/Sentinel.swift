/// A watch over process state that reports what a test changed and did not restore: environment
/// variables, the current directory, standard `UserDefaults` keys, files, file descriptors,
/// threads, child processes and listening sockets.
///
/// The sentinel records the state when a test's scope begins, before any fixture is set up, and
/// again once every teardown of the test has run; what differs is reported as one failure per
/// kind of state, at the test, with the exact difference and the sandbox fixture that would have
/// restored it. Turn it on for a Swift Testing suite or test with the `.sentinel(...)` trait, for
/// the tests of a `FixtureTestCase` class by overriding its `sentinel` class property, or for a
/// whole run with `CLEANSLATE_SENTINEL=1`.
///
/// ```swift
/// @Suite(.sentinel(allowing: [.environment: ["APP_LOG_LEVEL"]]))
/// struct SettingsTests { ... }
/// ```
///
/// It is off by default and then costs nothing. See <doc:FindingTestsThatLeakState> for what
/// each kind reports, how parallel tests are handled and how to find a polluting test.
public struct Sentinel: Sendable, Hashable {
  /// The kinds of state to check.
  public var kinds: Set<Kind>
  /// Names of state the tests may leave changed, by kind: each is an exact name, or a prefix
  /// followed by `*` (`"NIO-ELT-*"`). See ``Kind`` for what each kind's names are.
  public var allowed: [Kind: [String]]
  /// The directories whose files are checked (``Kind/files``).
  public var fileRoots: [FileRoot]
  /// Where the sentinel was configured, for failures found at a scope that has no source
  /// location of its own (an XCTest test, the end of the run).
  public var location: CodeLocation
  /// Whether what it finds is written to the trace and to standard error as a warning instead of
  /// failing the test: `CLEANSLATE_SENTINEL_MODE=warn` sets it for every sentinel of the process
  /// (`cleanslate bisect` runs so, to judge a test by its own failures only).
  var warnsOnly = Sentinel.warnsOnlyInThisProcess

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - kinds: The kinds of state to check; by default, every kind.
  ///   - allowed: Names of state the tests may leave changed, by kind (exact, or a prefix
  ///     followed by `*`).
  ///   - fileRoots: The directories whose files are checked; by default the package directory
  ///     and the process's own temporary directory (``FileRoot/defaults``).
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public init(
    checking kinds: Set<Kind> = Kind.all,
    allowing allowed: [Kind: [String]] = [:],
    fileRoots: [FileRoot] = FileRoot.defaults,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    self.kinds = kinds
    self.allowed = allowed
    self.fileRoots = fileRoots
    self.location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether the configuration checks nothing (no kinds): then no watch is started.
  var checksNothing: Bool { kinds.isEmpty }

  /// Readies the process for this sentinel's first snapshot, before anything is recorded: gives
  /// it a temporary directory of its own when the files under it are checked, and leaves its
  /// marker among the watched processes when it checks state other processes share.
  func prepareProcess() {
    if kinds.contains(.files), fileRoots.contains(where: { $0.place == .temporary }) {
      _ = FileRootLocations.processTemporaryDirectory
    }
    if checksSharedState, (try? ProcessSandbox.shared.processDirectory()) != nil {
      WatchedProcesses.current.register()
    }
  }

  /// Whether it checks state the test processes of a package share: standard defaults, files in
  /// the package directory (``WatchedProcesses``).
  var checksSharedState: Bool {
    kinds.contains(.userDefaults)
      || (kinds.contains(.files) && fileRoots.contains { $0.place == .package })
  }

  /// Whether `name`, a piece of state of `kind`, may be left changed.
  func allows(_ name: String, of kind: Kind) -> Bool {
    guard let patterns = allowed[kind] else { return false }
    return patterns.contains { NamePattern.matches($0, name) }
  }
}

extension Sentinel {
  /// A kind of process state the sentinel checks.
  ///
  /// Each kind names its state in its own way, and an allow-list entry (``Sentinel/allowed``)
  /// matches that name:
  ///
  /// | kind | name |
  /// |---|---|
  /// | ``environment`` | the variable's name |
  /// | ``currentDirectory`` | the directory's path after the test |
  /// | ``userDefaults`` | the key |
  /// | ``files`` | the file's path, absolute or relative to its root |
  /// | ``fileDescriptors`` | what the descriptor refers to: a path, `socket:[…]`, `pipe:[…]` |
  /// | ``threads`` | the thread's name (on Linux, its first 15 bytes) |
  /// | ``childProcesses`` | the executable's name, or the whole command line |
  /// | ``listeningSockets`` | the port, or `address:port` |
  public struct Kind: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The kind's name, as `CLEANSLATE_SENTINEL` and `CLEANSLATE_SENTINEL_ALLOW` spell it.
    public let name: String
    /// Where the kind sorts in reports: the order of ``all``.
    let order: Int

    private init(_ name: String, order: Int) {
      self.name = name
      self.order = order
    }

    /// The kind's name.
    public var description: String { name }

    /// Orders kinds as reports list them.
    public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.order < rhs.order }

    /// Environment variables added, removed or changed.
    public static let environment = Kind("environment", order: 0)
    /// The current directory, changed and not changed back.
    public static let currentDirectory = Kind("currentDirectory", order: 1)
    /// Keys of the application's domain in `UserDefaults.standard`, added, removed or changed.
    public static let userDefaults = Kind("userDefaults", order: 2)
    /// Files and directories created or removed under the watched roots (``Sentinel/fileRoots``).
    public static let files = Kind("files", order: 3)
    /// File descriptors opened and not closed, with what they refer to (Linux).
    public static let fileDescriptors = Kind("fileDescriptors", order: 4)
    /// Threads started and still running, except the threads of Dispatch's and Swift
    /// concurrency's pools, which grow on their own (Linux).
    public static let threads = Kind("threads", order: 5)
    /// Child processes started and still running, with their command lines (Linux).
    public static let childProcesses = Kind("childProcesses", order: 6)
    /// TCP sockets listening on a port, opened and not closed (Linux).
    public static let listeningSockets = Kind("listeningSockets", order: 7)

    /// Every kind.
    public static let all: Set<Kind> = Set(allInOrder)

    /// Every kind, in the order reports list them.
    static let allInOrder: [Kind] = [
      .environment, .currentDirectory, .userDefaults, .files, .fileDescriptors, .threads,
      .childProcesses, .listeningSockets,
    ]

    /// The kind called `name`, if there is one.
    static func named(_ name: String) -> Kind? {
      allInOrder.first { $0.name.lowercased() == name.lowercased() }
    }
  }
}
