import Foundation
import Testing

@testable import CleanSlateTestProcess

/// Text in the XML CleanSlate writes (JUnit, the XUnit of a direct `--parallel` run) and reads
/// back (Swift Testing's XUnit): what XML gives a meaning is escaped, and reads back as it was.
@Suite struct XMLTextTests {
  @Test func anAttributeEscapesWhatXMLReadsAndWhatItCannotHold() {
    // Given a name with markup, quotes, whitespace and a control character
    let text = "a < b & \"c\" > d\ne\tf\u{1}"

    // When it is escaped for an attribute, and for an element's content
    let attribute = XMLText.attribute(text)
    let content = XMLText.content("x < y\nz & w")

    // Then the markup and whitespace are references, the control character a `?`, and content
    // keeps its newlines
    #expect(attribute == "a &lt; b &amp; &quot;c&quot; &gt; d&#10;e&#9;f?")
    #expect(content == "x &lt; y\nz &amp; w")
  }

  @Test func aDocumentWrittenReadsBackAsItWas() throws {
    // Given a document whose attributes and text hold markup, quotes, newlines and non-ASCII
    let text = "Suite/test(\"<a & b>\")\n→ done"
    let document = XUnitNode(
      "testsuites",
      children: [
        XUnitNode(
          "testcase", [.init("classname", "A"), .init("name", text)],
          children: [XUnitNode("failure", [.init("message", text)], text: "where\n<it> failed")])
      ])

    // When it is written and read back
    let read = try XUnitNode.read(Data(document.document.utf8))

    // Then every attribute and text is what it was
    let testCase = try #require(read.descendants(named: "testcase").first)
    #expect(testCase[attribute: "name"] == text)
    #expect(testCase.children.first?[attribute: "message"] == text)
    #expect(testCase.children.first?.text == "where\n<it> failed")
  }

  @Test func aDocumentCutShortGivesTheTestCasesItHoldsWholeAndSaysWhere() throws {
    // Given a file whose writer was ended in its second test case
    let xml = """
      <testsuites><testsuite name="T">
        <testcase classname="T.A" name="a()" time="0.1"/>
        <testcase classname="T.A" name="b()" time="0.2"><failure message="bo
      """

    // When it is read
    let (root, error) = XUnitNode.readWhatCanBeRead(Data(xml.utf8))

    // Then the first test case is there, and the fault says where
    #expect(root?.descendants(named: "testcase").first?[attribute: "name"] == "a()")
    #expect(error?.description.hasPrefix("not well-formed XML at line 3") == true)
    #expect(throws: XUnitNode.ReadError.self) { try XUnitNode.read(Data(xml.utf8)) }
  }
}
