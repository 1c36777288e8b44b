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
    if Self.isPlain(value) {
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

  /// Whether `value` needs no escape: no control character, quote, backslash or `<`, and no
  /// 0xE2 byte (the first of U+2028 and U+2029, and of other characters). A loop over its bytes,
  /// as fast in a debug build as in a release one.
  private static func isPlain(_ value: String) -> Bool {
    var value = value
    return value.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return true }
      var index = 0
      while index < bytes.count {
        let byte = base[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0xE2 {
          return false
        }
        index += 1
      }
      return true
    }
  }
}
