/// A 64-bit FNV-1a hash, used by the database modules to key templates: stable across processes
/// and platforms (unlike `Hasher`), and not meant to resist anyone crafting collisions on purpose.
package struct FNVHasher {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Creates a hasher with FNV-1a's offset basis.
  package init() {}

  /// Mixes in bytes.
  package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01b3
    }
  }

  /// Mixes in a string, followed by a separator so that `"ab", "c"` and `"a", "bc"` differ.
  package mutating func combine(_ string: String) {
    var string = string
    string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    withUnsafeBytes(of: UInt8(0)) { combine($0) }
  }

  /// The hash as 16 lowercase hexadecimal digits.
  package var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
