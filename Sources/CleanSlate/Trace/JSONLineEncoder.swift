/// Writes one JSON object as UTF-8 bytes, field by field, straight into memory sized for the
/// worst case: the trace writer encodes every event with it, so it checks a string for bytes to
/// escape eight at a time and copies a plain one with one `memcpy`, and formats integers without
/// allocating.
struct JSONLineEncoder {
  private let start: UnsafeMutablePointer<UInt8>
  private var end: UnsafeMutablePointer<UInt8>
  private let limit: UnsafeMutablePointer<UInt8>
  private var empty = true

  /// The most bytes one field's key, quotes and separators take, beside the value.
  static let fieldOverhead = 32

  /// The most bytes a string takes once escaped.
  static func size(of string: String) -> Int { string.utf8.count * 6 }

  /// An encoder writing to `start`, which has room for `capacity` bytes: ``fieldOverhead`` for
  /// each field, plus the size of each value (integers take less than the overhead).
  init(writingTo start: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.start = start
    end = start
    limit = start + capacity
    byte(UInt8(ascii: "{"))
  }

  /// The object `write` encodes, with a newline, in memory of `capacity` bytes.
  static func encode(capacity: Int, _ write: (inout JSONLineEncoder) -> Void) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: capacity + 2) { buffer, count in
      var encoder = JSONLineEncoder(writingTo: buffer.baseAddress!, capacity: capacity + 2)
      write(&encoder)
      count = encoder.finish()
    }
  }

  /// Appends `"key":"value"`, escaping the value.
  mutating func field(_ key: StaticString, _ value: String) {
    self.key(key)
    byte(UInt8(ascii: "\""))
    string(value)
    byte(UInt8(ascii: "\""))
  }

  /// Appends `"key":value` for an integer.
  mutating func field(_ key: StaticString, _ value: Int64) {
    self.key(key)
    digits(of: value)
  }

  /// Appends `"key":value` for an integer.
  mutating func field(_ key: StaticString, _ value: Int) { field(key, Int64(value)) }

  /// Appends `"key":"Module/File.swift:12"`, as `CodeLocation.description` reads.
  mutating func field(_ key: StaticString, _ location: CodeLocation) {
    self.key(key)
    byte(UInt8(ascii: "\""))
    string(location.fileID)
    byte(UInt8(ascii: ":"))
    digits(of: Int64(location.line))
    byte(UInt8(ascii: "\""))
  }

  /// Appends fields already encoded (``fields(of:)`` of another object).
  mutating func append(fields: [UInt8]) {
    guard !fields.isEmpty else { return }
    if !empty { byte(UInt8(ascii: ",")) }
    empty = false
    fields.withUnsafeBufferPointer { raw($0) }
  }

  /// The fields of an encoded object, without its braces and newline.
  static func fields(of object: [UInt8]) -> [UInt8] { Array(object.dropFirst().dropLast(2)) }

  /// Closes the object with a newline and returns how many bytes it took.
  mutating func finish() -> Int {
    byte(UInt8(ascii: "}"))
    byte(UInt8(ascii: "\n"))
    return end - start
  }

  // MARK: - Bytes

  @inline(__always)
  private mutating func byte(_ value: UInt8) {
    precondition(end < limit, "JSONLineEncoder: capacity too small")
    end.pointee = value
    end += 1
  }

  @inline(__always)
  private mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
    precondition(limit - end >= bytes.count, "JSONLineEncoder: capacity too small")
    guard let base = bytes.baseAddress else { return }
    end.update(from: base, count: bytes.count)
    end += bytes.count
  }

  @inline(__always)
  private mutating func key(_ key: StaticString) {
    if !empty { byte(UInt8(ascii: ",")) }
    empty = false
    byte(UInt8(ascii: "\""))
    raw(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    byte(UInt8(ascii: "\""))
    byte(UInt8(ascii: ":"))
  }

  @inline(__always)
  private mutating func string(_ value: String) {
    if value.utf8.withContiguousStorageIfAvailable({ text($0) }) == nil {
      // A string not stored as contiguous UTF-8 (bridged): a copy of it is.
      var copy = value
      copy.withUTF8 { text($0) }
    }
  }

  @inline(__always)
  private mutating func text(_ utf8: UnsafeBufferPointer<UInt8>) {
    if Self.isPlain(utf8) { return raw(utf8) }
    for byte in utf8 { escaped(byte) }
  }

  /// Whether no byte needs escaping: none below 0x20, no quote, no backslash — eight at a time.
  @inline(__always)
  private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    var index = 0
    while index + 8 <= utf8.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let control = (word &- ones &* 0x20) & ~word & highs != 0
      if control || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) {
        return false
      }
      index += 8
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
      index += 1
    }
    return true
  }

  private mutating func escaped(_ value: UInt8) {
    switch value {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      byte(UInt8(ascii: "\\"))
      byte(value)
    case UInt8(ascii: "\n"):
      byte(UInt8(ascii: "\\"))
      byte(UInt8(ascii: "n"))
    case UInt8(ascii: "\t"):
      byte(UInt8(ascii: "\\"))
      byte(UInt8(ascii: "t"))
    case 0..<0x20:
      for character in "\\u00".utf8 { byte(character) }
      byte(Self.hexDigit(value >> 4))
      byte(Self.hexDigit(value & 0xF))
    default:
      byte(value)
    }
  }

  /// Writes the digits from the last, two at a time, into a scratch buffer on the stack, then
  /// copies them.
  private mutating func digits(of value: Int64) {
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let pairs = Self.digitPairs.utf8Start
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
      var first = 20
      while magnitude >= 10 {
        let pair = Int(magnitude % 100) * 2
        magnitude /= 100
        first -= 2
        scratch[first] = pairs[pair]
        scratch[first + 1] = pairs[pair + 1]
      }
      if first == 20 || magnitude > 0 {
        first -= 1
        scratch[first] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude)
      }
      raw(UnsafeBufferPointer(rebasing: scratch[first...]))
    }
  }

  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
