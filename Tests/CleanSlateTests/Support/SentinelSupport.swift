import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

#if canImport(Glibc)
  import Glibc
#endif

extension CleanSlateError {
  /// What the items a descriptor report lists refer to (`/path`, `socket:[…]`), in its order:
  /// the part after ` → ` of each listed line.
  var listedTargets: [String] {
    summary.split(separator: "\n").filter { $0.hasPrefix("    ") }
      .compactMap { $0.components(separatedBy: " → ").dropFirst().first }
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips a suite of sentinel tests when `CLEANSLATE_SENTINEL` watches every test of the run:
  /// their watches would overlap the run's, and report to their suites instead.
  static var needsItsOwnWatches: Self {
    .disabled(
      if: Sentinel.runWide != nil,
      "CLEANSLATE_SENTINEL watches every test: these tests' watches would overlap the run's")
  }
}

/// Watched test scopes under a private process scope.
///
/// The sentinel's tests run one at a time (``oneSentinelTestAtATime(_:)``). Other tests of the
/// process still run alongside and change process state: every test looks for the state it
/// leaked itself, named with a marker of its own, and ignores the rest. The watches see no other
/// watched process: another run of these tests on the machine shares their standard defaults.
struct SentinelHarness {
  let root = makeProcessScope()
  /// Watched processes in a directory that never exists (its parent does not): no marker is left.
  let alone = WatchedProcesses(
    directory: FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-no-such-\(UUID().uuidString)/sentinels").path,
    owner: .current, identity: WatchedProcesses.shared.identity)

  /// Runs `body` in a test scope the sentinel watches, then ends it and returns the sentinel's
  /// failures.
  func test(
    _ name: String = "LeakTests/leaks()",
    watching sentinel: Sentinel,
    _ body: @Sendable (ScopeRuntime) async throws -> Void = { _ in }
  ) async throws -> [CleanSlateError] {
    try await oneSentinelTestAtATime {
      let test = ScopeRuntime(.test, name: name, parent: root)
      WatchedProcesses.$current.withValue(alone) { test.watchState(sentinel) }
      // The scope ends whatever the body did: a watch left open would overlap every later one,
      // which would then report to the run instead of their tests.
      var thrown: (any Error)?
      do {
        try await test.withCurrent { try await body(test) }
      } catch {
        thrown = error
      }
      let failures = await test.finishBodyCollectingFailures() + test.endCollectingFailures()
      if let thrown { throw thrown }
      return failures.filter { $0.code == .stateLeaked }
    }
  }
}

/// Runs `body` as the only sentinel test, holding the lock of tests that change process state,
/// so that what this test leaks on purpose (and undoes afterwards) never meets another test's
/// changes.
func holdingProcessState<R>(_ body: () async throws -> R) async throws -> R {
  try await oneSentinelTestAtATime {
    try await ProcessStateLock.shared.acquire()
    defer { ProcessStateLock.shared.release() }
    return try await body()
  }
}

/// A thread with a name of its own, waiting until it is stopped.
final class NamedThread: @unchecked Sendable {
  private let started = DispatchSemaphore(value: 0)
  private let stop = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts the thread and returns once it has its name (at most 15 bytes on Linux). Waits off
  /// Swift concurrency's threads, as every wait of the tests does.
  static func start(name: String) async -> NamedThread {
    let named = NamedThread()
    let thread = Thread { [started = named.started, stop = named.stop, finished = named.finished] in
      // What pthread_setname_np does on Linux, which Swift's Glibc module does not export.
      try? Data(name.utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
      started.signal()
      stop.wait()
      finished.signal()
    }
    thread.start()
    await offThread { [started = named.started] in started.wait() }
    return named
  }

  /// Stops the thread and waits until it has run to its end.
  func stopAndWait() async {
    stop.signal()
    await offThread { [finished] in
      finished.wait()
      // The thread leaves the process just after its last line.
      usleep(20_000)
    }
  }
}

#if os(Linux)
  /// `descriptor` moved to a number no descriptor of the process had before (the original is
  /// closed): above those the other tests use, and never handed out twice. The sentinel tells
  /// new descriptors by their numbers: one that reuses a number another test had open when the
  /// watch began, and closed since (the previous sentinel test's, say), is not new to it.
  func movedToAnUnusedNumber(_ descriptor: Int32) -> Int32 {
    defer { _ = Glibc.close(descriptor) }
    let number = unusedDescriptorNumbers.withLock { next in
      defer { next += 1 }
      return next
    }
    return fcntl(descriptor, F_DUPFD_CLOEXEC, number)
  }

  /// The next number ``movedToAnUnusedNumber(_:)`` hands out: from half the process's limit on
  /// open descriptors (at most 8,192) up.
  private let unusedDescriptorNumbers: Locked<Int32> = {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return Locked(Int32(min(limit.rlim_cur / 2, 8192)))
  }()

  /// A TCP socket listening on a free loopback port.
  struct ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    init() throws {
      let descriptor = movedToAnUnusedNumber(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(descriptor, address, length) == 0 && listen(descriptor, 1) == 0
            && getsockname(descriptor, address, &length) == 0
        }
      }
      guard bound else {
        _ = Glibc.close(descriptor)
        throw POSIXError(.EADDRNOTAVAIL)
      }
      self.descriptor = descriptor
      port = UInt16(bigEndian: address.sin_port)
    }

    func close() { _ = Glibc.close(descriptor) }
  }
#endif
