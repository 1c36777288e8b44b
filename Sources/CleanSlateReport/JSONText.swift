/// Builds JSON text by hand, for the data a report embeds: faster than Foundation's encoders on
/// the hundred thousand values of a large trace.
struct JSONText {
  private(set) var text = ""

  init(capacity: Int = 1 << 16) { text.reserveCapacity(capacity) }

  mutating func raw(_ fragment: String) { text += fragment }

  mutating func number(_ value: Int64) { text += String(value) }

  mutating func number(_ value: Int) { text += String(value) }

  /// A JSON array of strings.
  mutating func strings(_ values: [String]) {
    text += "["
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      string(value)
    }
    text += "]"
  }

  /// A JSON string; `<` is escaped too, so that the text can sit in a `<script>` element.
  mutating func string(_ value: String) {
    text += "\""
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
func escapeHTML(_ text: String) -> String {
  var escaped = ""
  escaped.reserveCapacity(text.utf8.count)
  for character in text {
    switch character {
    case "&": escaped += "&amp;"
    case "<": escaped += "&lt;"
    case ">": escaped += "&gt;"
    case "\"": escaped += "&quot;"
    case "'": escaped += "&#39;"
    default: escaped.append(character)
    }
  }
  return escaped
}
