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

  @Test func escapedTextReadsBackAsItWas() {
    // Given text without control characters, escaped for an attribute
    let text = "Suite/test(\"<a & b>\")\n→ done"
    let escaped = XMLText.attribute(text)

    // When it is read back
    let read = XMLText.unescaped(escaped[...])

    // Then it is what it was; a reference it does not know is kept as it is
    #expect(read == text)
    #expect(XMLText.unescaped("&#x2192; &#8594; &nbsp;") == "→ → &nbsp;")
  }
}
