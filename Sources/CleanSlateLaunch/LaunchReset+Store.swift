public import Foundation

extension LaunchReset {
  /// One place where the app keeps state: a directory, a file, a `UserDefaults` suite, keychain
  /// items, or anything else reset by a custom action.
  ///
  /// ```swift
  /// let stores: [LaunchReset.Store] = [
  ///   .directory(applicationSupport),          // its contents; the directory stays
  ///   .file(cacheIndex),
  ///   .defaults(suite: "com.example.todo"),
  ///   .custom("search index") { try SearchIndex.shared.drop() },
  /// ]
  /// ```
  public struct Store: Sendable, CustomStringConvertible {
    /// How the store is named in reports, as `directory /path/to/data`.
    public let name: String
    let plan: @Sendable () -> StoreResult
    let reset: @Sendable () -> StoreResult

    init(
      name: String,
      plan: @escaping @Sendable () -> StoreResult,
      reset: @escaping @Sendable () -> StoreResult
    ) {
      self.name = name
      self.plan = plan
      self.reset = reset
    }

    /// The store's name, as `directory /path/to/data`.
    public var description: String { name }

    /// Everything inside a directory; the directory itself is kept.
    ///
    /// Nothing is followed: a symbolic link inside is removed as a link and what it points to
    /// stays. If the directory itself is a symbolic link, it is refused and reported, not
    /// emptied. A directory that does not exist is already clean.
    public static func directory(_ url: URL) -> Store {
      let path = url.path
      return Store(
        name: "directory \(path)",
        plan: { DirectoryStore(path: path).plan() },
        reset: { DirectoryStore(path: path).reset() })
    }

    /// A single file (or a symbolic link, removed as a link). A file that does not exist is
    /// already clean; a directory at its path is refused (declare it with ``directory(_:)``).
    public static func file(_ url: URL) -> Store {
      let path = url.path
      return Store(
        name: "file \(path)",
        plan: { FileStore(path: path).plan() },
        reset: { FileStore(path: path).reset() })
    }

    /// Every key of a `UserDefaults` suite (its persistent domain). For the standard defaults of
    /// an app with a bundle, pass its bundle identifier.
    public static func defaults(suite: String) -> Store {
      Store(
        name: "defaults suite \(suite)",
        plan: { DefaultsStore(suite: suite).plan() },
        reset: { DefaultsStore(suite: suite).reset() })
    }

    /// A reset the app performs itself, for state the other stores do not cover (a database
    /// server, a cache in memory, a cloud container). A dry run does not call it; it reports
    /// that it would.
    ///
    /// - Parameters:
    ///   - name: How the action is named in reports.
    ///   - action: The reset; an error it throws is reported, and the other stores still reset.
    public static func custom(
      _ name: String, _ action: @escaping @Sendable () throws -> Void
    ) -> Store {
      Store(
        name: "custom \(name)",
        plan: { StoreResult(items: ["(runs its reset action)"]) },
        reset: {
          do {
            try action()
            return StoreResult(items: ["(ran its reset action)"])
          } catch {
            return StoreResult(failures: ["its reset action threw: \(error)"])
          }
        })
    }
  }
}

/// What one store removed (or would), and what went wrong.
struct StoreResult: Sendable {
  var items: [String] = []
  var failures: [String] = []
}
