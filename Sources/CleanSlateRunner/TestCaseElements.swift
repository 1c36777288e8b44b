import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `<testcase>` elements of a JUnit or XUnit file, read with an XML parser.
struct TestCaseElements {
  /// One `<testcase classname="…" name="…" time="…">`.
  struct Element: Equatable {
    var className: String
    var name: String
    /// Its `time` attribute, in seconds, if it has a number there.
    var time: Double?
  }

  /// Every test case of `data`, in document order; throws when it is not well-formed XML.
  static func read(_ data: Data, path: String) throws(TimingsFileError) -> [Element] {
    let parser = XMLParser(data: data)
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else {
      let reason = parser.parserError.map { " (\($0.localizedDescription))" } ?? ""
      throw TimingsFileError(
        path: path,
        reason: "not well-formed XML at line \(parser.lineNumber)\(reason)")
    }
    guard collector.sawRoot, collector.depth == 0 else {
      throw TimingsFileError(
        path: path,
        reason:
          "not well-formed XML at line \(parser.lineNumber): it ends before its elements close (a file cut short?)"
      )
    }
    return collector.elements
  }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var depth = 0
    var sawRoot = false

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      depth += 1
      sawRoot = true
      guard elementName == "testcase", let name = attributes["name"] else { return }
      elements.append(
        Element(
          className: attributes["classname"] ?? "", name: name,
          time: attributes["time"].flatMap(Double.init)))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      depth -= 1
    }
  }
}
