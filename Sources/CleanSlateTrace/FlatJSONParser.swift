/// Parses one trace line — a JSON object whose values are strings and integers — several times
/// faster than Foundation's `JSONSerialization`, which the reader falls back to for anything
/// else (a nested value, a fraction, `true`, `null`).
enum FlatJSONParser {
  /// The object's fields, strings as `String` and integers as `Int64`; `nil` when the line is not
  /// such an object.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> [String: Any]? {
    var index = 0
    func skipSpaces() {
      while index < bytes.count, [0x20, 0x09, 0x0D].contains(bytes[index]) { index += 1 }
    }
    func expect(_ byte: UInt8) -> Bool {
      skipSpaces()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
    guard expect(UInt8(ascii: "{")) else { return nil }
    var object: [String: Any] = [:]
    if expect(UInt8(ascii: "}")) { return object }
    repeat {
      skipSpaces()
      guard let key = string(bytes, at: &index), expect(UInt8(ascii: ":")) else { return nil }
      skipSpaces()
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "\"") {
        guard let value = string(bytes, at: &index) else { return nil }
        object[key] = value
      } else {
        guard let value = integer(bytes, at: &index) else { return nil }
        object[key] = value
      }
    } while expect(UInt8(ascii: ","))
    guard expect(UInt8(ascii: "}")) else { return nil }
    skipSpaces()
    return index == bytes.count ? object : nil
  }

  /// A string starting at the quote at `index`, with its escapes resolved.
  private static func string(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
      bytes[index] != UInt8(ascii: "\\")
    {
      index += 1
    }
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "\"") {
      defer { index += 1 }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
    // Escapes: decode the rest scalar by scalar.
    var utf8 = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "u"):
          guard var scalar = hex4(bytes, at: &index) else { return nil }
          if (0xD800..<0xDC00).contains(scalar) {
            // A surrogate pair: the low half must follow as another \u escape.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(bytes, at: &index), (0xDC00..<0xE000).contains(low) else {
              return nil
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { return nil }
          utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
          return nil
        }
      default:
        utf8.append(byte)
      }
    }
    return nil
  }

  private static func hex4(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// An integer (no fraction, no exponent) starting at `index`.
  private static func integer(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> Int64? {
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var value: Int64 = 0
    var digits = 0
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowed) = times.addingReportingOverflow(Int64(bytes[index] - UInt8(ascii: "0")))
      guard !overflow, !overflowed else { return nil }
      value = sum
      digits += 1
      index += 1
    }
    guard digits > 0 else { return nil }
    if index < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index])
    {
      return nil
    }
    return negative ? -value : value
  }
}
