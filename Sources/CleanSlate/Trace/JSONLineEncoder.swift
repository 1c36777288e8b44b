/// Builds one JSON object as UTF-8 bytes, field by field, without Foundation's serializer: the
/// trace writer encodes every event with it on the thread that emitted the event.
struct JSONLineEncoder {
  private(set) var bytes: [UInt8] = []
  private var empty = true

  init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
    bytes.append(UInt8(ascii: "{"))
  }

  /// Appends `"key":"value"`, escaping the value.
  mutating func field(_ key: StaticString, _ value: String) {
    self.key(key)
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
          bytes.append(UInt8(ascii: "\\"))
          bytes.append(byte)
        case UInt8(ascii: "\n"):
          bytes.append(UInt8(ascii: "\\"))
          bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\t"):
          bytes.append(UInt8(ascii: "\\"))
          bytes.append(UInt8(ascii: "t"))
        case 0..<0x20:
          bytes.append(contentsOf: Array("\\u00".utf8))
          bytes.append(Self.hexDigit(byte >> 4))
          bytes.append(Self.hexDigit(byte & 0xF))
        default:
          bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `"key":value` for an integer.
  mutating func field(_ key: StaticString, _ value: Int64) {
    self.key(key)
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// Appends `"key":value` for an integer.
  mutating func field(_ key: StaticString, _ value: Int) { field(key, Int64(value)) }

  /// The finished object, with a newline.
  mutating func finish() -> [UInt8] {
    bytes.append(UInt8(ascii: "}"))
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// Appends already encoded `"key":value` pairs.
  mutating func appendRaw(_ fields: ArraySlice<UInt8>) {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    bytes.append(contentsOf: fields)
  }

  private mutating func key(_ key: StaticString) {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}

extension JSONLineEncoder {
  /// Appends fields already encoded by another encoder (its `bytes`, after the opening brace).
  mutating func append(rawFields encoded: [UInt8]) {
    guard encoded.count > 1 else { return }
    appendRaw(encoded.dropFirst())
  }
}
