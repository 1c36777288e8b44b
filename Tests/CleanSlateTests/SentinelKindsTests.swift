import CleanSlateChildProcess
import CleanSlateFileSystem
import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// The sentinel reports each kind of process state a test changed and did not restore, one
/// failure per kind, and nothing for state that was restored.
@Suite(.needsItsOwnWatches) struct SentinelKindsTests {
  let harness = SentinelHarness()

  @Test func environmentVariablesAddedRemovedAndChangedAreReported() async throws {
    try await holdingProcessState {
      // Given a variable to remove and one to change
      let added = uniqueMarker("SENTINEL_ADDED")
      let removed = uniqueMarker("SENTINEL_REMOVED")
      let changed = uniqueMarker("SENTINEL_CHANGED")
      setenv(removed, "gone", 1)
      setenv(changed, "before", 1)
      defer { for name in [added, removed, changed] { unsetenv(name) } }

      // When a watched test adds, removes and changes them and restores nothing
      let failures = try await harness.test(watching: Sentinel(checking: [.environment])) { _ in
        setenv(added, "secret", 1)
        unsetenv(removed)
        setenv(changed, "after", 1)
      }

      // Then one failure lists the three changes with their values
      let failure = try #require(failures.mentioning(added).first)
      #expect(failures.mentioning(added).count == 1)
      #expect(failure.summary.hasPrefix("Test 'LeakTests/leaks()' left "))
      #expect(failure.summary.contains("+ \(added)=\"secret\" (added)"))
      #expect(failure.summary.contains("- \(removed) (removed; was \"gone\")"))
      #expect(failure.summary.contains("~ \(changed): \"before\" → \"after\" (changed)"))
      #expect(failure.advice?.contains(".environment") == true)
    }
  }

  @Test func variablesRestoredByTheEnvironmentFixtureAreNotReported() async throws {
    // Given a watched test that sets a variable through the .environment fixture
    let name = uniqueMarker("SENTINEL_FIXTURE")
    let failures = try await harness.test(watching: Sentinel(checking: [.environment])) {
      test in
      try await test.use(.environment([name: "during"]), at: CodeLocation())
      #expect(ProcessEnvironment.value(of: name) == "during")
    }

    // Then the fixture restored it, and nothing about it is reported
    #expect(failures.mentioning(name).isEmpty)
  }

  @Test func aChangedCurrentDirectoryIsReported() async throws {
    try await withScratchDirectory { scratch in
      try await holdingProcessState {
        // Given the current directory
        let original = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(original) }

        // When a watched test changes it and does not change back
        let failures = try await harness.test(
          watching: Sentinel(checking: [.currentDirectory])
        ) { _ in
          _ = FileManager.default.changeCurrentDirectoryPath(scratch.path)
        }

        // Then the failure shows both directories
        let failure = try #require(failures.mentioning(scratch.lastPathComponent).first)
        #expect(failure.summary.contains("the current directory changed"))
        #expect(failure.summary.contains("\(original) → "))
        #expect(failure.advice?.contains(".currentDirectory") == true)
      }
    }
  }

  @Test func aCurrentDirectoryChangedBackIsNotReported() async throws {
    try await withScratchDirectory { scratch in
      try await holdingProcessState {
        let original = FileManager.default.currentDirectoryPath
        let failures = try await harness.test(
          watching: Sentinel(checking: [.currentDirectory])
        ) { _ in
          _ = FileManager.default.changeCurrentDirectoryPath(scratch.path)
          _ = FileManager.default.changeCurrentDirectoryPath(original)
        }
        #expect(failures.mentioning(scratch.lastPathComponent).isEmpty)
      }
    }
  }

  @Test func standardUserDefaultsKeysAreReported() async throws {
    try await holdingProcessState {
      // Given a key no one uses
      let key = uniqueMarker("sentinelKey")
      defer { UserDefaults.standard.removeObject(forKey: key) }

      // When a watched test sets it and leaves it
      let failures = try await harness.test(watching: Sentinel(checking: [.userDefaults])) {
        _ in
        UserDefaults.standard.set("kept", forKey: key)
      }

      // Then the key and its value are reported
      let failure = try #require(failures.mentioning(key).first)
      #expect(failure.summary.contains("+ \(key) = kept (added)"))
      #expect(failure.advice?.contains(".userDefaults") == true)
    }
  }

  @Test func aKeyRemovedBeforeTheEndIsNotReported() async throws {
    try await holdingProcessState {
      let key = uniqueMarker("sentinelRemoved")
      let failures = try await harness.test(watching: Sentinel(checking: [.userDefaults])) {
        _ in
        UserDefaults.standard.set("brief", forKey: key)
        UserDefaults.standard.removeObject(forKey: key)
      }
      #expect(failures.mentioning(key).isEmpty)
    }
  }

  @Test func filesCreatedAndRemovedUnderARootAreReported() async throws {
    try await withScratchDirectory { root in
      // Given a watched root with a file in a subdirectory
      let kept = root.appendingPathComponent("data/kept.txt")
      try write("kept", to: kept)
      let sentinel = Sentinel(checking: [.files], fileRoots: [.directory(root)])

      // When a test creates a file, creates and removes another, and removes the first
      let failures = try await harness.test(watching: sentinel) { _ in
        try write("new", to: root.appendingPathComponent("data/new.txt"))
        try write("brief", to: root.appendingPathComponent("brief.txt"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("brief.txt"))
        try FileManager.default.removeItem(at: kept)
      }

      // Then the created and the removed file are reported, the one it cleaned up is not
      let failure = try #require(failures.first)
      #expect(failures.count == 1)
      let data = root.appendingPathComponent("data").path
      #expect(failure.summary.contains("+ \(data)/new.txt (created)"))
      #expect(failure.summary.contains("- \(data)/kept.txt (removed)"))
      #expect(!failure.summary.contains("brief.txt"))
      #expect(failure.summary.contains("2 files created or removed"))
    }
  }

  @Test func filesInsideCleanSlateSandboxesAreNotReported() async throws {
    // Given a root that holds CleanSlate's sandboxes
    let sandboxes = ProcessSandbox.shared.root
    let sentinel = Sentinel(
      checking: [.files], fileRoots: [.directory(sandboxes.deletingLastPathComponent(), depth: 3)])

    // When a test uses its temporary directory and writes in it
    let failures = try await harness.test(watching: sentinel) { test in
      let directory = try await test.use(.temporaryDirectory, at: CodeLocation())
      try write("scratch", to: directory.appendingPathComponent("scratch.txt"))
    }

    // Then nothing under the sandboxes is reported (the shared temporary directory holds what
    // other processes write meanwhile: only a line of a path under the sandboxes counts)
    #expect(failures.mentioning(" \(sandboxes.path)/").isEmpty)
  }

  #if os(Linux)
    @Test func openFileDescriptorsAreReportedWithTheirTargets() async throws {
      try await withScratchDirectory { scratch in
        // Given a file
        let file = scratch.appendingPathComponent(uniqueMarker("descriptor"))
        try write("open", to: file)
        let opened = Observed<Int32>()
        defer { if let descriptor = opened.value { close(descriptor) } }

        // When a watched test opens it and does not close it
        let failures = try await harness.test(
          watching: Sentinel(checking: [.fileDescriptors])
        ) { _ in
          opened.set(movedToAnUnusedNumber(open(file.path, O_RDONLY)))
        }

        // Then the descriptor is reported with the file's path (unless tests running alongside
        // opened more files meanwhile than a report lists: this test's file, with a high number,
        // is last among them, and the list holds only files)
        let descriptor = try #require(opened.value)
        let watched = SentinelWatches.shared.running().map(\.scope.name)
        let failure = try #require(
          failures.first, "descriptor \(descriptor); still watched: \(watched)")
        let listed = failure.listedTargets
        #expect(
          failure.summary.contains("\n    \(descriptor) → \(file.path)")
            || (listed.count == LeakReport.shownItems && listed.allSatisfy { $0.hasPrefix("/") }
              && failure.summary.contains("\n    … and ")),
          "\(failure.summary)")
      }
    }

    @Test func aFileIsListedBeforeSocketsWhenTheListIsCut() async throws {
      try await withScratchDirectory { scratch in
        // Given a file
        let file = scratch.appendingPathComponent(uniqueMarker("among-sockets"))
        try write("open", to: file)
        let opened = Observed<[Int32]>()
        defer { for descriptor in opened.value ?? [] { close(descriptor) } }

        // When a watched test leaves more sockets open than a report lists, then the file
        let failures = try await harness.test(
          watching: Sentinel(checking: [.fileDescriptors])
        ) { _ in
          var descriptors = (0..<LeakReport.shownItems + 5).map { _ in
            movedToAnUnusedNumber(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
          }
          descriptors.append(movedToAnUnusedNumber(open(file.path, O_RDONLY)))
          opened.set(descriptors)
        }

        // Then the files are listed first: this one, unless tests running alongside opened so
        // many files meanwhile that the list holds only files (this test's file has a high
        // number, last among them); and what the list leaves out is counted
        let failure = try #require(failures.first, "\(failures)")
        let listed = failure.listedTargets
        let isFile = listed.map { $0.hasPrefix("/") }
        #expect(isFile == isFile.sorted { $0 && !$1 }, "\(failure.summary)")
        #expect(listed.contains(file.path) || isFile.allSatisfy { $0 }, "\(failure.summary)")
        #expect(failure.summary.contains("\n    … and "), "\(failure.summary)")
      }
    }

    @Test func aDescriptorClosedBeforeTheEndIsNotReported() async throws {
      try await withScratchDirectory { scratch in
        let file = scratch.appendingPathComponent(uniqueMarker("closed"))
        try write("open", to: file)
        let failures = try await harness.test(
          watching: Sentinel(checking: [.fileDescriptors])
        ) { _ in
          close(open(file.path, O_RDONLY))
        }
        #expect(failures.mentioning(file.path).isEmpty)
      }
    }

    @Test func runningThreadsAreReportedByName() async throws {
      // Given a name
      let name = "cs-sent-\(UUID().uuidString.prefix(5))"
      let thread = Observed<NamedThread>()

      // When a watched test starts a thread and leaves it running
      let failures = try await harness.test(watching: Sentinel(checking: [.threads])) { _ in
        thread.set(await NamedThread.start(name: name))
      }
      await thread.value?.stopAndWait()

      // Then it is reported by name (with any thread another test of this process started
      // meanwhile: a parallel run's NIO thread pool was once listed beside it)
      let failure = try #require(failures.mentioning(name).first)
      #expect(failure.summary.contains("\"\(name)\""))
      #expect(
        failure.summary.contains(" thread running after its teardowns")
          || failure.summary.contains(" threads running after its teardowns"),
        "\(failure.summary)")
    }

    @Test func aThreadStoppedBeforeTheEndIsNotReported() async throws {
      let name = "cs-stop-\(UUID().uuidString.prefix(5))"
      let failures = try await harness.test(watching: Sentinel(checking: [.threads])) { _ in
        await NamedThread.start(name: name).stopAndWait()
      }
      #expect(failures.mentioning(name).isEmpty)
    }

    @Test func runningChildProcessesAreReportedWithTheirCommandLines() async throws {
      // Given a command line of its own: sleep for 600 seconds and a unique fraction
      let duration = "600.\(UInt32.random(in: 100_000...999_999))"
      let child = Observed<ChildProcess.Running>()

      // When a watched test launches it and leaves it running
      let failures = try await harness.test(watching: Sentinel(checking: [.childProcesses])) {
        _ in
        child.set(try await ChildProcess("/bin/sleep", [duration]).start())
      }
      let running = try #require(child.value)
      try await running.kill()

      // Then the child is reported with its pid and command line
      let failure = try #require(failures.mentioning(duration).first)
      #expect(failure.summary.contains("pid \(running.processIdentifier): /bin/sleep \(duration)"))
      #expect(failure.advice?.contains(".launchedApp") == true)
    }

    @Test func aChildThatExitedIsNotReported() async throws {
      let marker = uniqueMarker("exited")
      let failures = try await harness.test(watching: Sentinel(checking: [.childProcesses])) {
        _ in
        _ = try await ChildProcess("/bin/sh", ["-c", ": \(marker)"]).run()
      }
      #expect(failures.mentioning(marker).isEmpty)
    }

    @Test func listeningSocketsAreReportedByPortAndNotAsPlainDescriptors() async throws {
      let socket = Observed<ListeningSocket>()
      defer { socket.value?.close() }

      // When a watched test listens on a port and does not close it
      let failures = try await harness.test(
        watching: Sentinel(checking: [.fileDescriptors, .listeningSockets])
      ) { _ in
        socket.set(try ListeningSocket())
      }

      // Then the port is reported as a listening socket, and the descriptor not again (the
      // report may list other tests' listeners too, so its count is not this test's to check)
      let listener = try #require(socket.value)
      let failure = try #require(
        failures.mentioning("127.0.0.1:\(listener.port)").first, "\(failures.map(\.summary))")
      #expect(failure.summary.contains(" listening after its teardowns:\n"))
      #expect(
        failure.summary.contains(
          "\n    TCP 127.0.0.1:\(listener.port) (descriptor \(listener.descriptor))"))
      // (a report line starts with the number: " 6 → " must not match another test's 26)
      #expect(failures.mentioning(" \(listener.descriptor) → socket:").isEmpty)
    }

    @Test func aSocketClosedBeforeTheEndIsNotReported() async throws {
      let port = Observed<UInt16>()
      let failures = try await harness.test(
        watching: Sentinel(checking: [.fileDescriptors, .listeningSockets])
      ) { _ in
        let socket = try ListeningSocket()
        port.set(socket.port)
        socket.close()
      }
      let closed = try #require(port.value)
      #expect(failures.mentioning(":\(closed) ").isEmpty)
    }
  #endif

  @Test func kindsTurnedOffAreNotChecked() async throws {
    try await holdingProcessState {
      let name = uniqueMarker("SENTINEL_OFF")
      defer { unsetenv(name) }
      let failures = try await harness.test(watching: Sentinel(checking: [.threads])) { _ in
        setenv(name, "1", 1)
      }
      #expect(failures.mentioning(name).isEmpty)
    }
  }
}
