/// Builds JSON text by hand, for the data a report embeds: faster than Foundation's encoders on
/// the hundred thousand values of a large trace.
package struct JSONText {
  /// The text built so far.
  package private(set) var text = ""

  /// Empty text, with room for `capacity` bytes.
  package init(capacity: Int = 1 << 16) { text.reserveCapacity(capacity) }

  /// Appends `fragment` as it is.
  package mutating func raw(_ fragment: String) { text += fragment }

  /// Appends a number.
  package mutating func number(_ value: Int64) { text += String(value) }

  /// Appends a number.
  package mutating func number(_ value: Int) { text += String(value) }

  /// A JSON array of strings.
  package mutating func strings(_ values: [String]) {
    text += "["
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      string(value)
    }
    text += "]"
  }

  /// A JSON string; `<` is escaped too, so that the text can sit in a `<script>` element.
  package mutating func string(_ value: String) {
    text += "\""
    let plain = !value.utf8.contains {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<")
        || $0 == 0xE2  // the first byte of U+2028 and U+2029 (and of other characters)
    }
    if plain {
      text += value
      text += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "<": text += "\\u003c"
      case "\u{2028}": text += "\\u2028"
      case "\u{2029}": text += "\\u2029"
      case _ where scalar.value < 0x20:
        text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}

/// Text for HTML element content and attribute values.
package func escapeHTML(_ text: String) -> String {
  guard text.utf8.contains(where: { htmlEscape(for: $0) != nil }) else { return text }
  var escaped: [UInt8] = []
  escaped.reserveCapacity(text.utf8.count + 16)
  for byte in text.utf8 {
    if let replacement = htmlEscape(for: byte) {
      escaped.append(contentsOf: replacement.utf8)
    } else {
      escaped.append(byte)
    }
  }
  return String(decoding: escaped, as: UTF8.self)
}

private func htmlEscape(for byte: UInt8) -> String? {
  switch byte {
  case UInt8(ascii: "&"): "&amp;"
  case UInt8(ascii: "<"): "&lt;"
  case UInt8(ascii: ">"): "&gt;"
  case UInt8(ascii: "\""): "&quot;"
  case UInt8(ascii: "'"): "&#39;"
  default: nil
  }
}
