import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The index of the shop's catalogue, built in the background, at background priority (as an app
/// does work the user does not wait for): on a quiet machine it takes a tenth of a second; on a
/// machine whose cores are busy it gets their time only when nothing else wants it.
public final class CatalogueIndex: Sendable {
  private let built = NSLock.Protected(false)

  public init() {}

  /// Whether the index is built.
  public var isBuilt: Bool { built.read { $0 } }

  /// Starts building the index on a thread of its own, and returns at once.
  public func startBuilding() {
    startBuilding {}
  }

  /// Builds the index, and returns once it is built.
  public func build() async {
    await withCheckedContinuation { continuation in
      startBuilding { continuation.resume() }
    }
  }

  private func startBuilding(then done: @escaping @Sendable () -> Void) {
    let thread = Thread { [built] in
      #if canImport(Glibc)
        // Linux keeps a nice value a thread: this thread's alone.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
      #endif
      Self.work(cpuSeconds: 0.1)
      built.write { $0 = true }
      done()
    }
    thread.qualityOfService = .background
    thread.start()
  }

  /// Works until this thread has had `cpuSeconds` of a core's time.
  private static func work(cpuSeconds: Double) {
    var value: UInt64 = 1
    while threadCPUSeconds() < cpuSeconds {
      for step in 0..<10_000 as Range<UInt64> { value = value &* 6_364_136_223 &+ step }
    }
    if value == 0 { print("", terminator: "") }  // keeps the loop from being optimized out
  }

  private static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension NSLock {
  /// A value read and written under a lock.
  final class Protected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func read<R>(_ body: (Value) -> R) -> R { lock.withLock { body(value) } }

    func write<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
  }
}
