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
