#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Small reads of the process's own state from `/proc`, with system calls only: no Foundation,
/// no allocation beyond the result, so that a snapshot stays in the microseconds.
enum ProcFiles {
  #if os(Linux)
    /// The numeric entries left to read in `stream`, sorted, but `excluded`.
    static func numbers(in stream: OpaquePointer, excluding excluded: Set<Int32>) -> [Int32] {
      var numbers: [Int32] = []
      numbers.reserveCapacity(32)
      while let entry = readdir(stream) {
        let number = withUnsafeBytes(of: &entry.pointee.d_name) { name -> Int32? in
          var value: Int32 = 0
          var digits = 0
          for byte in name {
            if byte == 0 { break }
            guard byte >= 48, byte <= 57 else { return nil }
            value = value &* 10 &+ Int32(byte - 48)
            digits += 1
          }
          return digits > 0 ? value : nil
        }
        if let number, !excluded.contains(number) { numbers.append(number) }
      }
      numbers.sort()
      return numbers
    }
  #endif

  /// The whole contents of a small file (most of `/proc`), or `nil` if it cannot be read.
  static func contents(of path: String, limit: Int = 1 << 20) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while result.count < limit {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      result.append(contentsOf: chunk[0..<count])
    }
    return result
  }

  /// A file's contents as text, without its trailing newline.
  static func text(of path: String) -> String? {
    guard var bytes = contents(of: path) else { return nil }
    while bytes.last == 10 { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Where a symbolic link points (`/proc/self/fd/3` → `/tmp/x`), or `nil`.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { bytes in
      readlink(path, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
    }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }
}

#if os(Linux)
  /// `/proc/self/fd` and `/proc/self/task`, opened once, when the sentinel first lists either, and
  /// read again from the start for each snapshot: half the cost of opening them every time. Their
  /// two descriptors are the sentinel's own and never listed.
  final class ProcDirectories: @unchecked Sendable {
    static let shared = ProcDirectories()

    private let lock = Locked(())
    private let descriptors: OpaquePointer?
    private let threads: OpaquePointer?
    private let own: Set<Int32>

    private init() {
      descriptors = opendir("/proc/self/fd")
      threads = opendir("/proc/self/task")
      own = Set([descriptors, threads].compactMap { $0.map(dirfd) })
    }

    /// The open descriptors' numbers, the sentinel's own left out.
    func descriptorNumbers() -> [Int32]? { numbers(in: descriptors) }

    /// The threads' ids.
    func threadIDs() -> [Int32]? { numbers(in: threads) }

    private func numbers(in stream: OpaquePointer?) -> [Int32]? {
      guard let stream else { return nil }
      return lock.withLock { _ in
        rewinddir(stream)
        return ProcFiles.numbers(in: stream, excluding: own)
      }
    }
  }
#endif
