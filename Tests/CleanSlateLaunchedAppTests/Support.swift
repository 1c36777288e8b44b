#if LaunchedApp
  import CleanSlate
  import CleanSlateLaunchedApp
  import CleanSlateTestSupport
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A test scope under a private root and suite, so tests never share the real process scope.
  func makeTestScope(_ name: String = "LaunchedAppTests/test()") -> ScopeRuntime {
    let root = ScopeRuntime(
      .process, name: "process", parent: nil, observer: .some(nil), sink: .collecting)
    let suite = ScopeRuntime(.suite, name: "LaunchedAppTests", parent: root)
    return ScopeRuntime(.test, name: name, parent: suite)
  }

  /// A configuration that runs the package's test app in `mode`, with short limits.
  func testApp(
    _ arguments: String..., readiness: LaunchedApp.Readiness = .line(containing: "ready"),
    readyTimeout: Duration = .seconds(10), gracePeriod: Duration = .seconds(2)
  ) -> LaunchedApp.Configuration {
    LaunchedApp.Configuration(
      executable: LaunchedApp.builtProduct("CleanSlateTestApp"),
      arguments: arguments,
      readiness: readiness,
      readyTimeout: readyTimeout,
      gracePeriod: gracePeriod)
  }

  /// Whether a process with this id exists (a zombie counts: it has not been reaped).
  func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }

  /// A TCP port on 127.0.0.1 that nothing listens on right now.
  func freePort() -> UInt16 { freeLoopbackPort() }

  /// A fresh directory holding one file, for the reset tests.
  func directoryWithOneFile() throws -> (directory: URL, file: URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-launched-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("items.json")
    try Data("[1, 2, 3]".utf8).write(to: file)
    return (directory, file)
  }
#endif
