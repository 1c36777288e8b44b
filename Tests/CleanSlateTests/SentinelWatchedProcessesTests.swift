import CleanSlateChildProcess
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// The test processes of a package share its directory, and those of a test bundle its standard
/// defaults: what changes there while another watched process of the package runs (one XCTest
/// process per test under `swift test --parallel`) is not blamed on this process's test.
@Suite struct SentinelWatchedProcessesTests {
  typealias Identity = WatchedProcesses.Identity

  let package = Identity(package: "/work/app", defaultsDomain: "appPackageTests.xctest")

  /// The registry of `directory` as `owner` sees it, with its marker left.
  func registered(
    _ owner: ProcessIdentity, _ identity: Identity, in directory: URL
  ) -> WatchedProcesses {
    let processes = WatchedProcesses(directory: directory.path, owner: owner, identity: identity)
    processes.register()
    return processes
  }

  @Test func aProcessAloneSharesNothingAndTheMarkersOfDeadOnesAreSwept() async throws {
    try await withScratchDirectory { scratch in
      let directory = scratch.appendingPathComponent("sentinels")
      // Given the marker of a process of the same package that died an hour ago
      let dead = try await deadProcessIdentity()
      _ = registered(dead, package, in: directory)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)],
        ofItemAtPath: directory.appendingPathComponent("\(dead)").path)

      // When this process leaves its marker and a watch begins and ends
      let processes = registered(.current, package, in: directory)
      let mark = processes.mark()

      // Then nothing is shared with another process, and the dead one's marker is gone
      #expect(processes.alongside(since: mark).isEmpty)
      let markers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(markers == ["\(ProcessIdentity.current)"])
    }
  }

  @Test func aLiveProcessOfTheSamePackageSharesItsDirectoryAndDefaults() async throws {
    try await withScratchDirectory { scratch in
      try await withLiveProcess { other in
        // Given a live watched process of the same package and test bundle
        let directory = scratch.appendingPathComponent("sentinels")
        _ = registered(other, package, in: directory)
        let processes = registered(.current, package, in: directory)

        // When a watch begins and ends while it runs
        let mark = processes.mark()

        // Then both the package directory and the defaults domain may be its doing
        #expect(processes.alongside(since: mark) == [.packageDirectory, .userDefaults])
      }
    }
  }

  @Test func aPackageInsideThisOneSharesItsDirectoryOnly() async throws {
    try await withScratchDirectory { scratch in
      try await withLiveProcess { other in
        let directory = scratch.appendingPathComponent("sentinels")
        let example = Identity(
          package: "/work/app/Examples/Demo", defaultsDomain: "DemoPackageTests.xctest")
        _ = registered(other, example, in: directory)
        let processes = registered(.current, package, in: directory)

        let mark = processes.mark()

        #expect(processes.alongside(since: mark) == [.packageDirectory])
      }
    }
  }

  @Test func aLiveProcessOfAnotherPackageSharesNothing() async throws {
    try await withScratchDirectory { scratch in
      try await withLiveProcess { other in
        let directory = scratch.appendingPathComponent("sentinels")
        let elsewhere = Identity(package: "/work/application", defaultsDomain: "other.xctest")
        _ = registered(other, elsewhere, in: directory)
        let processes = registered(.current, package, in: directory)

        let mark = processes.mark()

        #expect(processes.alongside(since: mark).isEmpty)
      }
    }
  }

  @Test func aProcessThatCameAndWentDuringTheWatchIsStillSeenAtItsEnd() async throws {
    try await withScratchDirectory { scratch in
      // Given a watch that began alone
      let directory = scratch.appendingPathComponent("sentinels")
      let processes = registered(.current, package, in: directory)
      let mark = processes.mark()

      // When a process of the same package leaves its marker and dies before the watch ends,
      // and another process, of another package, starts then (and sweeps what it may)
      let gone = try await deadProcessIdentity()
      _ = registered(gone, package, in: directory)
      try await withLiveProcess { other in
        let elsewhere = Identity(package: "/work/application", defaultsDomain: "other.xctest")
        _ = registered(other, elsewhere, in: directory)

        // Then the one that came and went may have changed the state it shares
        #expect(processes.alongside(since: mark) == [.packageDirectory, .userDefaults])
      }
    }
  }

  @Test func aDeadProcessesMarkerIsSweptOnlyOnceNoLiveProcessIsOlder() async throws {
    try await withScratchDirectory { scratch in
      let directory = scratch.appendingPathComponent("sentinels")
      // Given this live process's marker, then a dead process's, newer
      _ = registered(.current, package, in: directory)
      let gone = try await deadProcessIdentity()
      _ = registered(gone, package, in: directory)

      // When another process leaves its marker
      try await withLiveProcess { other in
        _ = registered(other, package, in: directory)

        // Then the dead one's stays: this process's watches may have begun before it came
        let markers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(markers.contains("\(gone)"))
      }
    }
  }

  @Test func whatAnotherProcessMayHaveChangedIsLeftOutOfTheFindings() {
    let items = [
      LeakedItem(kind: .userDefaults, line: "+ key = 1 (added)", names: ["key"]),
      LeakedItem(
        kind: .files, line: "+ /work/app/out.json (created)", names: ["/work/app/out.json"]),
      LeakedItem(kind: .files, line: "+ /tmp/own/x (created)", names: ["/tmp/own/x"]),
      LeakedItem(kind: .environment, line: "+ A=\"1\" (added)", names: ["A"]),
    ]

    let alongside = WatchedProcesses.attributable(
      items, alongside: [.packageDirectory, .userDefaults], packageDirectory: "/work/app")
    let alone = WatchedProcesses.attributable(items, alongside: [], packageDirectory: "/work/app")

    #expect(alongside.map(\.line) == ["+ /tmp/own/x (created)", "+ A=\"1\" (added)"])
    #expect(alone.map(\.line) == items.map(\.line))
  }
}

/// Runs `body` with the identity of a process that runs until it returns.
private func withLiveProcess(_ body: (ProcessIdentity) async throws -> Void) async throws {
  let child = try await ChildProcess("/bin/sleep", ["600"]).start()
  let pid = child.processIdentifier
  do {
    try await body(ProcessIdentity(pid: pid, startTime: ProcessIdentity.startTime(of: pid) ?? 0))
  } catch {
    try await child.kill()
    throw error
  }
  try await child.kill()
}
