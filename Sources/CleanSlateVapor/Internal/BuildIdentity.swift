#if Vapor
  internal import CleanSlate
  internal import FluentKit
  internal import Foundation

  #if canImport(Darwin)
    internal import Darwin
  #endif

  /// Which build of the test binary holds a set of migrations: the path, size and modification
  /// time of each binary image their types live in (the test executable on Linux, where SwiftPM
  /// links everything into it; the test bundle too on Apple platforms).
  ///
  /// It stands for what the migrations do, which CleanSlate never works out by running them
  /// anywhere but on a real database: a migration whose code changed was rebuilt, and a template
  /// keyed by the build is built again.
  enum BuildIdentity {
    private static let stamps = Locked<[String: String]>([:])

    /// The identity of the images that hold `migrations`' types, one line each.
    static func of(_ migrations: [any Migration]) -> String {
      var images: Set<String> = [mainExecutable]
      #if canImport(Darwin)
        for migration in migrations {
          let metadata = unsafeBitCast(type(of: migration) as Any.Type, to: UnsafeRawPointer.self)
          var info = Dl_info()
          // A generic type's metadata is made at run time, in no image: the executable stands in.
          if dladdr(metadata, &info) != 0, let name = info.dli_fname {
            let path = String(cString: name)
            if path.hasPrefix("/") { images.insert(path) }
          }
        }
      #endif
      return images.sorted().map(stamp(of:)).joined(separator: "\n")
    }

    /// The test process's executable, by a path that does not depend on the current directory.
    private static let mainExecutable: String = {
      #if os(Linux)
        return "/proc/self/exe"
      #else
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
      #endif
    }()

    /// `path`, its size and modification time (of the file a link leads to), worked out once.
    private static func stamp(of path: String) -> String {
      if let known = stamps.withLock({ $0[path] }) { return known }
      let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
      let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
      let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let stamp = "\(url.path) \(size) \(modified)"
      stamps.withLock { $0[path] = stamp }
      return stamp
    }
  }
#endif
