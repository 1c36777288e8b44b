package import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An element of a JUnit or XUnit document — `<testsuites>`, `<testsuite>`, `<testcase>` and
/// what a test case holds — with its attributes in order, its child elements and its text: the
/// one model `cleanslate` reads result files into and writes its own from (the JUnit of
/// `cleanslate test --junit`, the XUnit file of a direct `--parallel` run).
package struct XUnitNode: Sendable, Equatable {
  /// One attribute: its name and its value, unescaped.
  package struct Attribute: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Its tag: `testcase`.
  package var name: String
  /// Its attributes, in the order they are written.
  package var attributes: [Attribute]
  /// Its child elements, in order.
  package var children: [XUnitNode]
  /// Its text, unescaped; `nil` when it holds none (whitespace between elements is none).
  package var text: String?
  /// Whether its children are written on its own line (`<properties><property …/></properties>`)
  /// rather than each on a line of its own.
  package var inline = false

  /// An element `name` with `attributes`, `children` and `text`.
  package init(
    _ name: String, _ attributes: [Attribute] = [], children: [XUnitNode] = [],
    text: String? = nil, inline: Bool = false
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.text = text
    self.inline = inline
  }

  /// The value of its attribute `name`.
  package subscript(attribute name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Every `<testcase>` element, this node or under it (a file cut short may be one), that names
  /// its test: its `classname` (`nil` when it has none), its `name`, and the element.
  package var testCases: [(className: String?, name: String, element: XUnitNode)] {
    ([self] + descendants(named: "testcase")).compactMap { element in
      guard element.name == "testcase", let name = element[attribute: "name"] else { return nil }
      return (element[attribute: "classname"], name, element)
    }
  }

  /// Every element below it (itself excluded) named `name`, in document order.
  package func descendants(named name: String) -> [XUnitNode] {
    children.flatMap { child in
      (child.name == name ? [child] : []) + child.descendants(named: name)
    }
  }

  // MARK: - Writing

  /// The document whose root it is: the XML declaration, then its lines, two spaces a level.
  package var document: String {
    ([#"<?xml version="1.0" encoding="UTF-8"?>"#] + lines(indent: "")).joined(separator: "\n")
      + "\n"
  }

  /// Its lines, indented by `indent`.
  package func lines(indent: String) -> [String] {
    let open = "<" + ([name] + attributes.map(Self.written)).joined(separator: " ")
    guard !children.isEmpty else {
      guard let text else { return [indent + open + "/>"] }
      return [indent + open + ">" + XMLText.content(text) + "</\(name)>"]
    }
    if inline {
      let inner = children.flatMap { $0.lines(indent: "") }.joined()
      return [indent + open + ">" + inner + "</\(name)>"]
    }
    return [indent + open + ">"] + children.flatMap { $0.lines(indent: indent + "  ") }
      + [indent + "</\(name)>"]
  }

  private static func written(_ attribute: Attribute) -> String {
    "\(attribute.name)=\"\(XMLText.attribute(attribute.value))\""
  }

  // MARK: - Reading

  /// Why a document could not be read whole.
  package struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in words: `not well-formed XML at line 3 (…)`.
    package var description: String
  }

  /// The root element of `data` and what it held; throws when it is not well-formed XML, or ends
  /// before its elements close.
  package static func read(_ data: Data) throws(ReadError) -> XUnitNode {
    let (root, error) = readWhatCanBeRead(data)
    if let error { throw error }
    guard let root else { throw ReadError(description: "not well-formed XML: it has no element") }
    return root
  }

  /// The root element of `data` with every element read before a fault, and the fault, if any:
  /// a file cut short (a process ended while it wrote it) still gives its whole test cases.
  package static func readWhatCanBeRead(_ data: Data) -> (root: XUnitNode?, error: ReadError?) {
    let parser = XMLParser(data: data)
    let builder = TreeBuilder()
    parser.delegate = builder
    if !parser.parse() {
      let reason = parser.parserError.map { " (\($0.localizedDescription))" } ?? ""
      return (
        builder.partialRoot,
        ReadError(description: "not well-formed XML at line \(parser.lineNumber)\(reason)")
      )
    }
    guard builder.open.isEmpty else {
      return (
        builder.partialRoot,
        ReadError(
          description:
            "not well-formed XML at line \(parser.lineNumber): it ends before its elements close (a file cut short?)"
        )
      )
    }
    return (builder.root, nil)
  }

  /// Builds the tree as the parser reads it.
  private final class TreeBuilder: NSObject, XMLParserDelegate {
    var open: [XUnitNode] = []
    var root: XUnitNode?

    /// The root with every element read so far, those still open closed as they are.
    var partialRoot: XUnitNode? {
      var stack = open
      while stack.count > 1 {
        let last = stack.removeLast()
        stack[stack.count - 1].children.append(last)
      }
      return stack.first ?? root
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      // (XMLParser gives the attributes as a dictionary: their order is the name's.)
      let ordered = attributes.sorted { $0.key < $1.key }.map { Attribute($0.key, $0.value) }
      open.append(XUnitNode(elementName, ordered))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard !open.isEmpty else { return }
      open[open.count - 1].text = (open[open.count - 1].text ?? "") + string
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      guard var node = open.popLast() else { return }
      if node.text?.allSatisfy(\.isWhitespace) == true { node.text = nil }
      if open.isEmpty {
        root = node
      } else {
        open[open.count - 1].children.append(node)
      }
    }
  }
}
