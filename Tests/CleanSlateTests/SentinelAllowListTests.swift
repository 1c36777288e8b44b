import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// State a test may legitimately leave changed for the whole run is allowed by name: exactly,
/// or by a prefix followed by `*`, per kind.
@Suite(.needsItsOwnWatches) struct SentinelAllowListTests {
  let harness = SentinelHarness()

  @Test func exactNamesAndPrefixesAreAllowedAndTheRestIsReported() async throws {
    try await holdingProcessState {
      // Given three variables, one allowed exactly and one by its prefix
      let marker = uniqueMarker("SENTINEL_ALLOW")
      let exact = "\(marker)_EXACT"
      let prefixed = "\(marker)_PREFIX_1"
      let reported = "\(marker)_OTHER"
      defer { for name in [exact, prefixed, reported] { unsetenv(name) } }
      let sentinel = Sentinel(
        checking: [.environment],
        allowing: [.environment: [exact, "\(marker)_PREFIX_*"]])

      // When a watched test leaks all three
      let failures = try await harness.test(watching: sentinel) { _ in
        for name in [exact, prefixed, reported] { setenv(name, "1", 1) }
      }

      // Then only the one not allowed is reported
      let failure = try #require(failures.mentioning(marker).first)
      #expect(
        failure.summary == """
          Test 'LeakTests/leaks()' left 1 environment variable changed after its teardowns:
              + \(reported)="1" (added)
          """)
    }
  }

  @Test func aNameIsAllowedOnlyForItsKind() async throws {
    try await withScratchDirectory { root in
      // Given a name allowed for environment variables
      let name = uniqueMarker("allowed")
      let sentinel = Sentinel(
        checking: [.files], allowing: [.environment: [name]], fileRoots: [.directory(root)])

      // When a test leaves a file of that name
      let failures = try await harness.test(watching: sentinel) { _ in
        try write("", to: root.appendingPathComponent(name))
      }

      // Then the file is still reported
      #expect(failures.mentioning(name).count == 1)
    }
  }

  @Test func filesAreAllowedByPathRelativeToTheirRoot() async throws {
    try await withScratchDirectory { root in
      let sentinel = Sentinel(
        checking: [.files], allowing: [.files: ["logs/*"]], fileRoots: [.directory(root)])
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("logs"), withIntermediateDirectories: true)
      let failures = try await harness.test(watching: sentinel) { _ in
        try write("", to: root.appendingPathComponent("logs/run.log"))
        try write("", to: root.appendingPathComponent("left.txt"))
      }
      let failure = try #require(failures.first)
      #expect(
        failure.summary == """
          Test 'LeakTests/leaks()' left 1 file created or removed after its teardowns:
              + \(root.path)/left.txt (created)
          """)
    }
  }

  @Test func patternsMatchExactlyOrByPrefix() {
    #expect(NamePattern.matches("NIO-ELT-*", "NIO-ELT-0-#1"))
    #expect(NamePattern.matches("*", "anything"))
    #expect(NamePattern.matches("TOKEN", "TOKEN"))
    #expect(!NamePattern.matches("TOKEN", "TOKEN_2"))
    #expect(!NamePattern.matches("NIO-*", "XNIO-1"))
  }
}
