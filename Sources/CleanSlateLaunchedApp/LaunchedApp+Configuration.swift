#if LaunchedApp
  public import Foundation

  extension LaunchedApp {
    /// How to launch an app for a test: what to run, how to know it is ready, how long to give it.
    ///
    /// ```swift
    /// var configuration = LaunchedApp.Configuration(
    ///   executable: LaunchedApp.builtProduct("TodoApp"),
    ///   arguments: ["serve"],
    ///   readiness: .line(containing: "ready"))
    /// configuration.environment["XDG_DATA_HOME"] = dataHome.path
    /// ```
    public struct Configuration: Sendable {
      /// The executable to run.
      public var executable: URL
      /// The arguments, after which the reset request's are appended.
      public var arguments: [String]
      /// Variables added to (or, with `nil`, removed from) the test process's environment.
      public var environment: [String: String?]
      /// The working directory; the test process's when `nil`.
      public var workingDirectory: URL?
      /// How to know the app is ready for the test.
      public var readiness: Readiness
      /// How long the app has to become ready before the test fails.
      public var readyTimeout: Duration
      /// How long the app has to exit after `SIGTERM` before its process group is killed.
      public var gracePeriod: Duration
      /// Whether the app is asked to reset its stores on launch: the reset argument and a fresh
      /// environment token (a `LaunchResetRequest`) are added to every launch.
      public var resetsOnLaunch: Bool
      /// How many of the latest output lines are kept for failures and ``LaunchedApp/output``.
      public var keptOutputLines: Int
      /// Whether the output of a test that failed is printed to standard error at teardown.
      public var printsOutputWhenTestFails: Bool

      /// Creates a configuration.
      ///
      /// - Parameters:
      ///   - executable: The executable to run; ``LaunchedApp/builtProduct(_:)`` finds one built by
      ///     the same `swift build` as the tests.
      ///   - arguments: Its arguments.
      ///   - environment: Variables added to the test process's environment (`nil` removes one).
      ///   - workingDirectory: Its working directory; the test process's when `nil`.
      ///   - readiness: How to know it is ready; `.immediately` by default.
      ///   - readyTimeout: How long it has to become ready; 10 seconds by default.
      ///   - gracePeriod: How long it has to exit after `SIGTERM`; 3 seconds by default.
      ///   - resetsOnLaunch: Whether to ask the app to reset its stores (`LaunchReset`); `true`
      ///     by default.
      public init(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String?] = [:],
        workingDirectory: URL? = nil,
        readiness: Readiness = .immediately,
        readyTimeout: Duration = .seconds(10),
        gracePeriod: Duration = .seconds(3),
        resetsOnLaunch: Bool = true
      ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.readiness = readiness
        self.readyTimeout = readyTimeout
        self.gracePeriod = gracePeriod
        self.resetsOnLaunch = resetsOnLaunch
        self.keptOutputLines = 500
        self.printsOutputWhenTestFails = true
      }
    }

    /// How the fixture knows the launched app is ready for its test.
    public struct Readiness: Sendable, CustomStringConvertible {
      enum Kind: Sendable {
        case immediately
        case line(description: String, matches: @Sendable (String) -> Bool)
        case port(UInt16)
      }

      let kind: Kind

      /// Ready as soon as it is started.
      public static let immediately = Readiness(kind: .immediately)

      /// Ready once it prints a line (on standard output or error) containing `text`.
      public static func line(containing text: String) -> Readiness {
        Readiness(kind: .line(description: "a line containing '\(text)'") { $0.contains(text) })
      }

      /// Ready once it prints a line for which `matches` returns `true`.
      public static func line(
        _ description: String, where matches: @escaping @Sendable (String) -> Bool
      ) -> Readiness {
        Readiness(kind: .line(description: description, matches: matches))
      }

      /// Ready once a TCP connection to `port` on 127.0.0.1 is accepted.
      public static func port(_ port: UInt16) -> Readiness {
        Readiness(kind: .port(port))
      }

      /// What the fixture waits for, as `a line containing 'ready'`.
      public var description: String {
        switch kind {
        case .immediately: "nothing (ready when started)"
        case .line(let description, _): description
        case .port(let port): "a connection to 127.0.0.1:\(port)"
        }
      }
    }
  }
#endif
