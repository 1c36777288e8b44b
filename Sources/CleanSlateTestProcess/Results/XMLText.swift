/// Text written into an XML document — the JUnit of `cleanslate test`, the XUnit of a direct
/// `--parallel` run (``XUnitNode``) — with what XML gives a meaning escaped.
package enum XMLText {
  /// `text` for an attribute's value: `&`, `<`, `>` and `"` as entities, newlines, returns and
  /// tabs as character references, other control characters (which XML 1.0 cannot hold) as `?`.
  package static func attribute(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "\t": result += "&#9;"
      case _ where scalar.value < 0x20: result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` for an element's content: as ``attribute(_:)``, its newlines kept.
  package static func content(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { attribute(String($0)) }
      .joined(separator: "\n")
  }
}
