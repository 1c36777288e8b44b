internal import Foundation

/// Parses one trace line — a JSON object whose values are strings and integers — many times
/// faster than Foundation's `JSONSerialization`, which the reader falls back to for anything
/// else (a nested value, a fraction, `true`, `null`).
///
/// It walks the line's bytes through a pointer, in plain loops: `cleanslate` runs as a debug
/// build after `swift run`, where every generic collection algorithm, closure and dictionary
/// access is a call of its own, so none is on the way of a byte. It finds where each field's
/// key and value are (``scan(_:into:)``); the reader decodes only the fields it reads.
enum FlatJSONParser {
  /// One field of the object: where its key's bytes are (between the quotes), and its value, a
  /// string's bytes (between its quotes) or an integer. Plain numbers, so that filling one in
  /// costs nothing in a debug build.
  struct Field {
    var keyStart = 0
    var keyEnd = 0
    var keyEscaped = false
    var isInteger = false
    /// A string value's bytes.
    var valueStart = 0
    var valueEnd = 0
    /// Whether a string value holds a backslash.
    var valueEscaped = false
    var integer: Int64 = 0
  }

  /// The most fields the fast parser takes in a line; a line with more goes to Foundation's.
  static let fieldCapacity = 32

  /// The object's fields, strings as `String` and integers as `Int64`; `nil` when the line is not
  /// such an object.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> [String: Any]? {
    let fields = UnsafeMutablePointer<Field>.allocate(capacity: fieldCapacity)
    defer { fields.deallocate() }
    guard let count = scan(bytes, into: fields) else { return nil }
    var object: [String: Any] = [:]
    for index in 0..<count {
      let field = fields[index]
      let key = string(bytes, field.keyStart, field.keyEnd, escaped: field.keyEscaped)
      if field.isInteger {
        object[key] = field.integer
      } else {
        object[key] = string(bytes, field.valueStart, field.valueEnd, escaped: field.valueEscaped)
      }
    }
    return object
  }

  /// Finds the fields of the object `bytes` holds, in order, and writes them to `fields` (room
  /// for ``fieldCapacity``); returns how many, or `nil` when the line is not such an object.
  static func scan(
    _ bytes: UnsafeRawBufferPointer, into fields: UnsafeMutablePointer<Field>
  ) -> Int? {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let count = bytes.count
    var index = skipSpaces(base, 0, count)
    guard index < count, base[index] == 0x7B else { return nil }  // {
    index = skipSpaces(base, index + 1, count)
    // `{}`, whatever follows it.
    if index < count, base[index] == 0x7D { return 0 }
    var found = 0
    var field = fields
    while found < fieldCapacity, index < count, base[index] == 0x22 {  // "
      field.pointee.keyStart = index + 1
      field.pointee.keyEnd = stringEnd(base, index + 1, count, escaped: &field.pointee.keyEscaped)
      guard field.pointee.keyEnd >= 0 else { return nil }
      index = field.pointee.keyEnd + 1
      if index < count, base[index] != 0x3A { index = skipSpaces(base, index, count) }
      guard index < count, base[index] == 0x3A else { return nil }  // :
      index += 1
      if index < count, base[index] != 0x22 { index = skipSpaces(base, index, count) }
      guard index < count else { return nil }
      if base[index] == 0x22 {
        field.pointee.isInteger = false
        field.pointee.valueStart = index + 1
        field.pointee.valueEnd = stringEnd(
          base, index + 1, count, escaped: &field.pointee.valueEscaped)
        guard field.pointee.valueEnd >= 0 else { return nil }
        index = field.pointee.valueEnd + 1
      } else {
        field.pointee.isInteger = true
        index = integer(base, index, count, into: &field.pointee.integer)
        guard index >= 0 else { return nil }
      }
      found += 1
      field += 1
      if index < count, base[index] != 0x2C, base[index] != 0x7D {
        index = skipSpaces(base, index, count)
      }
      guard index < count else { return nil }
      if base[index] == 0x2C {  // ,
        index += 1
        if index < count, base[index] != 0x22 { index = skipSpaces(base, index, count) }
        continue
      }
      guard base[index] == 0x7D else { return nil }  // }
      return skipSpaces(base, index + 1, count) == count ? found : nil
    }
    return nil
  }

  /// The string whose bytes (between its quotes) are `start..<end` in `bytes`, its escapes
  /// resolved when it has any.
  static func string(
    _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, escaped: Bool
  ) -> String {
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    guard escaped else {
      return String(
        decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }
    return unescaped(base, start, bytes.count)?.string ?? ""
  }

  // MARK: - Bytes

  private static func skipSpaces(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int {
    var index = start
    while index < count {
      let byte = base[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { break }
      index += 1
    }
    return index
  }

  /// Where the string whose bytes start at `start` (after its opening quote) ends: the index of
  /// its closing quote, with `escaped` set when it holds escapes; `-1` when it is cut or an
  /// escape is not valid JSON.
  private static func stringEnd(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, escaped: inout Bool
  ) -> Int {
    // The closing quote is the first quote unless a backslash comes before it.
    guard let quote = memchr(base + start, 0x22, count - start) else { return -1 }
    let end = UnsafeRawPointer(base).distance(to: quote)
    guard memchr(base + start, 0x5C, end - start) != nil else {
      escaped = false
      return end
    }
    escaped = true
    return unescaped(base, start, count)?.end ?? -1
  }

  /// The string whose bytes start at `start`, escapes resolved, and the index of its closing
  /// quote; `nil` when it is cut or an escape is not valid JSON.
  private static func unescaped(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int
  ) -> (string: String, end: Int)? {
    var utf8: [UInt8] = []
    var index = start
    while index < count {
      let byte = base[index]
      index += 1
      switch byte {
      case 0x22:
        return (String(decoding: utf8, as: UTF8.self), index - 1)
      case 0x5C:
        guard index < count else { return nil }
        let escape = base[index]
        index += 1
        switch escape {
        case 0x22, 0x5C, UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "u"):
          guard var scalar = hex4(base, &index, count) else { return nil }
          if (0xD800..<0xDC00).contains(scalar) {
            // A surrogate pair: the low half must follow as another \u escape.
            guard index + 1 < count, base[index] == 0x5C, base[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(base, &index, count), (0xDC00..<0xE000).contains(low) else {
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

  private static func hex4(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int
  ) -> UInt32? {
    guard index + 4 <= count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// Reads the integer (no fraction, no exponent) starting at `start` into `value`; returns the
  /// index after it, or `-1` when there is none.
  private static func integer(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, into value: inout Int64
  ) -> Int {
    var index = start
    let negative = base[index] == 0x2D  // -
    if negative { index += 1 }
    var magnitude: Int64 = 0
    let firstDigit = index
    while index < count {
      let byte = base[index]
      guard byte >= 0x30, byte <= 0x39 else { break }
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowed) = times.addingReportingOverflow(Int64(byte - 0x30))
      guard !overflow, !overflowed else { return -1 }
      magnitude = sum
      index += 1
    }
    guard index > firstDigit else { return -1 }
    // A fraction or an exponent: not an integer.
    if index < count, base[index] == 0x2E || base[index] == 0x65 || base[index] == 0x45 {
      return -1
    }
    value = negative ? -magnitude : magnitude
    return index
  }
}
