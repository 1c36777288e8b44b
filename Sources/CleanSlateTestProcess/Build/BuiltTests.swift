import CleanSlateChildProcess
import Foundation

/// A package's built test product, and what it takes to start it as `swift test` starts it: on
/// Linux the product is an executable that runs either framework's tests; on macOS it is a bundle
/// that Xcode's `xctest` runs for XCTest and the toolchain's `swiftpm-testing-helper` for Swift
/// Testing, with the platform's test frameworks on the loader's paths.
package struct BuiltTests: Sendable, Equatable {
  /// Where the tests run.
  package enum Platform: String, Sendable, Equatable {
    /// Linux (and other ELF platforms): the product is an executable.
    case linux
    /// macOS: the product is a bundle.
    case macOS

    /// The platform this process runs on; `nil` for one whose way of starting tests is not known.
    package static var current: Platform? {
      #if os(Linux)
        .linux
      #elseif os(macOS)
        .macOS
      #else
        nil
      #endif
    }
  }

  /// The tools of macOS that start a test bundle.
  package struct AppleTools: Sendable, Equatable {
    /// Xcode's `xctest`, which runs a bundle's XCTest tests.
    package var xctest: String
    /// The toolchain's `swiftpm-testing-helper`, which runs a bundle's Swift Testing tests.
    package var testingHelper: String
    /// The directories of the platform's test frameworks and of Swift Testing, for
    /// `DYLD_FRAMEWORK_PATH` and `DYLD_LIBRARY_PATH`, in order.
    package var frameworkPaths: [String]
    package var libraryPaths: [String]

    package init(
      xctest: String, testingHelper: String, frameworkPaths: [String], libraryPaths: [String]
    ) {
      self.xctest = xctest
      self.testingHelper = testingHelper
      self.frameworkPaths = frameworkPaths
      self.libraryPaths = libraryPaths
    }
  }

  /// The product: `<bin>/<Package>PackageTests.xctest`.
  package var product: String
  /// The platform it was built for.
  package var platform: Platform
  /// On macOS, the tools that start it.
  package var appleTools: AppleTools?

  package init(product: String, platform: Platform, appleTools: AppleTools? = nil) {
    self.product = product
    self.platform = platform
    self.appleTools = appleTools
  }

  /// Why the built tests cannot be started directly, in words for a note.
  package struct Unavailable: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
  }

  /// The test product of the package at `packagePath` (from `directory`) built with
  /// `buildOptions` (`-c release`, `--traits …`), found where `swift build --show-bin-path`, run
  /// in `environment` (`nil`: this process's), says the build puts it.
  ///
  /// - Throws: ``Unavailable`` when the platform is not one whose way is known, the folder holds
  ///   no test product or several, or macOS's tools cannot be found.
  package static func locate(
    packagePath: String, buildOptions: [String], platform: Platform? = .current,
    environment: [String: String]? = nil,
    directory: String = FileManager.default.currentDirectoryPath
  ) async throws(Unavailable) -> BuiltTests {
    guard let platform else {
      throw Unavailable(description: "this platform's way of starting tests is not known here")
    }
    let command = ["build", "--show-bin-path", "--package-path", packagePath] + buildOptions
    guard
      let result = try? await SwiftCommand.run(command, base: environment, directory: directory),
      result.status == 0,
      let binPath = result.standardOutput.split(separator: "\n").last.map(String.init)
    else {
      throw Unavailable(description: "swift \(command.joined(separator: " ")) failed")
    }
    let products = ((try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? [])
      .filter { $0.hasSuffix("PackageTests.xctest") }.sorted()
    guard products.count == 1, let product = products.first else {
      throw Unavailable(
        description: products.isEmpty
          ? "no test product in \(binPath)"
          : "\(products.count) test products in \(binPath) (\(products.joined(separator: ", ")))")
    }
    let path = URL(fileURLWithPath: binPath).appendingPathComponent(product).path
    guard platform == .macOS else { return BuiltTests(product: path, platform: platform) }
    return BuiltTests(product: path, platform: platform, appleTools: try await AppleTools.find())
  }
}

extension BuiltTests.AppleTools {
  /// The tools of this Mac, as SwiftPM finds them: `xctest` through `xcrun`, the testing helper
  /// beside the toolchain's `swift`, the platform's frameworks under its SDK platform path.
  static func find() async throws(BuiltTests.Unavailable) -> Self {
    func xcrun(_ arguments: [String]) async -> String? {
      guard let outcome = try? await ChildProcess("/usr/bin/xcrun", arguments).run(),
        outcome.succeeded
      else { return nil }
      let line = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      return line.isEmpty ? nil : line
    }
    guard let xctest = await xcrun(["--find", "xctest"]),
      let platform = await xcrun(["--sdk", "macosx", "--show-sdk-platform-path"]),
      let swift = ThreadStacks.toolchainExecutable(named: "swift")
    else {
      throw BuiltTests.Unavailable(description: "xcrun could not find xctest or the macOS SDK")
    }
    let bin = URL(fileURLWithPath: swift).deletingLastPathComponent()
    let helper = bin.deletingLastPathComponent()
      .appendingPathComponent("libexec/swift/pm/swiftpm-testing-helper").path
    guard FileManager.default.isExecutableFile(atPath: helper) else {
      throw BuiltTests.Unavailable(description: "no swiftpm-testing-helper at \(helper)")
    }
    var frameworks: [String] = []
    var libraries: [String] = []
    // Swift Testing: the Command Line Tools' frameworks, or the toolchain's library.
    let commandLineTools = bin.appendingPathComponent("../../Library/Developer/Frameworks")
      .standardizedFileURL.path
    let toolchainTesting = bin.deletingLastPathComponent()
      .appendingPathComponent("lib/swift/macosx/testing").path
    if FileManager.default.fileExists(atPath: commandLineTools + "/Testing.framework") {
      libraries.append(commandLineTools)
    } else if FileManager.default.fileExists(atPath: toolchainTesting) {
      libraries.append(toolchainTesting)
    }
    frameworks += [
      platform + "/Developer/Library/Frameworks", platform + "/Developer/Library/PrivateFrameworks",
    ]
    libraries.append(platform + "/Developer/usr/lib")
    return Self(
      xctest: xctest, testingHelper: helper, frameworkPaths: frameworks, libraryPaths: libraries)
  }
}
