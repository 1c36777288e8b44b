#if LaunchedApp
  public import Foundation

  extension LaunchedApp {
    /// The directory holding the products of the build that built the running tests (such as
    /// `.build/debug`), where `swift build` puts the package's executables.
    public static var builtProductsDirectory: URL {
      #if os(macOS)
        // The tests run inside an .xctest bundle that sits in the products directory.
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
          return bundle.bundleURL.deletingLastPathComponent()
        }
      #endif
      // Elsewhere the tests are an executable in the products directory itself.
      let executable =
        Bundle.main.executableURL
        ?? URL(fileURLWithPath: CommandLine.arguments[0])
      return executable.deletingLastPathComponent()
    }

    /// The executable product `name` built by the same `swift build` as the running tests.
    ///
    /// Make the test target depend on the executable target, so that `swift test` builds it.
    public static func builtProduct(_ name: String) -> URL {
      builtProductsDirectory.appendingPathComponent(name)
    }
  }
#endif
