import CleanSlate

/// A `StaticString` made from a path known only at run time, for XCTest APIs that take a
/// location as `file: StaticString` (`XCTSkip`).
///
/// `StaticString` is frozen: its layout — a pointer to NUL-terminated UTF-8, its length in bytes,
/// and flags (bit 1: the bytes are ASCII) — is part of the standard library's ABI. Each path is
/// copied once into memory that lives as long as the process, and the same value is returned
/// for it ever after, so memory grows with the number of distinct files only.
extension StaticString {
  init(interning path: String) {
    self = InternedPath.staticString(for: path)
  }
}

private enum InternedPath {
  /// The layout of a `StaticString` that points at UTF-8 text.
  private struct Layout {
    var start: UInt
    var byteCount: UInt
    var flags: UInt8
  }

  private static let interned = Locked<[String: StaticString]>([:])

  static func staticString(for path: String) -> StaticString {
    interned.withLock { interned in
      if let existing = interned[path] { return existing }
      precondition(MemoryLayout<Layout>.size == MemoryLayout<StaticString>.size)
      let bytes = Array(path.utf8) + [0]
      let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
      storage.initialize(from: bytes, count: bytes.count)
      let made = unsafeBitCast(
        Layout(
          start: UInt(bitPattern: storage), byteCount: UInt(bytes.count - 1),
          flags: path.utf8.allSatisfy { $0 < 0x80 } ? 0b10 : 0),
        to: StaticString.self)
      interned[path] = made
      return made
    }
  }
}
