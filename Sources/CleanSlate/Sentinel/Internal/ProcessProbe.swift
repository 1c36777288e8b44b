#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the sentinel reads about the process's descriptors, threads and children (Linux:
/// `/proc/self`). Elsewhere each returns `nil`, and those kinds are not checked.
enum ProcessProbe {
  /// The open file descriptors' numbers.
  static func fileDescriptors() -> [Int32]? {
    #if os(Linux)
      return ProcDirectories.shared.descriptorNumbers()
    #else
      return nil
    #endif
  }

  /// What descriptor `number` refers to: a path, `socket:[inode]`, `pipe:[inode]`,
  /// `anon_inode:[eventfd]`.
  static func target(ofDescriptor number: Int32) -> String? {
    ProcFiles.linkTarget("/proc/self/fd/\(number)")
  }

  /// The threads' ids.
  static func threads() -> [Int32]? {
    #if os(Linux)
      return ProcDirectories.shared.threadIDs()
    #else
      return nil
    #endif
  }

  /// A thread's name (its first 15 bytes, as the kernel keeps it).
  static func name(ofThread id: Int32) -> String? {
    ProcFiles.text(of: "/proc/self/task/\(id)/comm")
  }

  /// The process's own name, which a thread keeps until it is given another.
  static let processName: String = ProcFiles.text(of: "/proc/self/comm") ?? ""

  /// Whether a thread's name is one Dispatch gives the workers of its pools (which also run
  /// Swift concurrency's jobs on Linux): `com.apple.root.default-qos`, kept as its last 15
  /// bytes. Pools grow and shrink on their own, so their threads are not reported.
  static func isPoolWorker(_ name: String) -> Bool {
    name.hasSuffix("-qos") || name.hasSuffix(".overcommit") || name.hasSuffix(".cooperative")
  }

  /// The process's children that have not been waited for, running or not; one system call
  /// when there are none.
  static func children() -> [Int32]? {
    #if os(Linux)
      var info = siginfo_t()
      // WNOWAIT: look without reaping. ECHILD: no children at all, the usual case.
      if waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 && errno == ECHILD {
        return []
      }
      guard let threads = threads() else { return nil }
      var children: [Int32] = []
      for thread in threads {
        guard let text = ProcFiles.text(of: "/proc/self/task/\(thread)/children") else {
          continue
        }
        children += text.split(separator: " ").compactMap { Int32($0) }
      }
      children.sort()
      return children
    #else
      return nil
    #endif
  }

  /// A child's command line, its arguments separated by spaces, or `nil` once it has exited
  /// (a zombie, not yet waited for, no longer runs).
  static func commandLine(ofChild pid: Int32) -> String? {
    guard let stat = ProcFiles.text(of: "/proc/\(pid)/stat"),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
    guard state != "Z", state != "X" else { return nil }
    guard let bytes = ProcFiles.contents(of: "/proc/\(pid)/cmdline"), !bytes.isEmpty else {
      return ProcFiles.text(of: "/proc/\(pid)/comm").map { "[\($0)]" }
    }
    return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      .joined(separator: " ")
  }

  /// The TCP sockets among `inodes` that are listening, as `address:port`, by inode.
  static func listeningAddresses(of inodes: Set<UInt64>) -> [UInt64: String] {
    guard !inodes.isEmpty else { return [:] }
    var found: [UInt64: String] = [:]
    for (table, isIPv6) in [("/proc/net/tcp", false), ("/proc/net/tcp6", true)] {
      guard let contents = ProcFiles.contents(of: table, limit: 64 << 20) else { continue }
      for line in contents.split(separator: 10).dropFirst() {
        let fields = line.split(separator: 32)
        // sl local_address rem_address st tx:rx tr:tm retrnsmt uid timeout inode
        guard fields.count > 9, String(decoding: fields[3], as: UTF8.self) == "0A",
          let inode = UInt64(String(decoding: fields[9], as: UTF8.self)), inodes.contains(inode)
        else { continue }
        found[inode] = address(String(decoding: fields[1], as: UTF8.self), isIPv6: isIPv6)
      }
    }
    return found
  }

  /// `0100007F:1F90` as `127.0.0.1:8080`; an IPv6 address as `[::1]:8080` (`[::]` for any).
  private static func address(_ field: String, isIPv6: Bool) -> String {
    let parts = field.split(separator: ":")
    guard parts.count == 2, let port = UInt16(parts[1], radix: 16) else { return field }
    let hex = Array(parts[0])
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < hex.count {
      bytes.append(UInt8(String(hex[index...index + 1]), radix: 16) ?? 0)
      index += 2
    }
    guard !isIPv6 else {
      // Four 32-bit words, each in host (little-endian) order.
      var words: [UInt16] = []
      for group in stride(from: 0, to: bytes.count, by: 4) where group + 3 < bytes.count {
        let ordered = [bytes[group + 3], bytes[group + 2], bytes[group + 1], bytes[group]]
        words.append(UInt16(ordered[0]) << 8 | UInt16(ordered[1]))
        words.append(UInt16(ordered[2]) << 8 | UInt16(ordered[3]))
      }
      let text =
        words.allSatisfy { $0 == 0 }
        ? "::" : words.map { String($0, radix: 16) }.joined(separator: ":")
      return "[\(text)]:\(port)"
    }
    return bytes.reversed().map(String.init).joined(separator: ".") + ":\(port)"
  }
}
