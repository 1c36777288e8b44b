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
  /// The numeric entries of a directory (`/proc/self/fd`, `/proc/self/task`), sorted; `nil` if it
  /// cannot be read. The descriptor used to read it is left out.
  static func numbers(in directory: String) -> [Int32]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    let own = directory == "/proc/self/fd" ? dirfd(stream) : -1
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
      if let number, number != own { numbers.append(number) }
    }
    numbers.sort()
    return numbers
  }

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
