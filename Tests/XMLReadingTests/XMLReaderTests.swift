import Foundation
import Testing
import TestSupport
@testable import XMLReading

/// The reader on hand-written documents (events and errors, line by line), and against
/// Foundation's libxml2 parser (`XMLParserDifferentialTests`).
@Suite struct XMLReaderTests {
    /// Events with adjacent texts joined, or the error.
    static func events(_ text: String) -> Result<[XMLEvent], XMLSyntaxError> {
        events(Array(text.utf8))
    }

    static func events(_ bytes: [UInt8]) -> Result<[XMLEvent], XMLSyntaxError> {
        var out: [XMLEvent] = []
        do {
            try XMLReader.read(bytes) { event in
                if case let .text(more) = event, case let .text(before)? = out.last {
                    out[out.count - 1] = .text(before + more)
                } else {
                    out.append(event)
                }
                return true
            }
            return .success(out)
        } catch {
            return .failure(error)
        }
    }

    @Test func aDocumentGivesItsElementsAttributesAndDecodedText() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!-- a comment -->\n"
            + "<ink:ink xmlns:ink='http://www.w3.org/2003/InkML' a = \"x &amp; y\tz\r\nw\">"
            + "<?pi some data?><trace xml:id=\"t1\">1 2,&#51; &#x34;</trace>"
            + "<empty/><![CDATA[<not> &markup;]]>é😀&lt;&gt;&apos;&quot;\r\nend\rx</ink:ink>\n"
            + "<!-- after -->\n"
        let events = try Self.events(text).get()
        #expect(events == [
            .start(name: "ink:ink", attributes: ["xmlns:ink": "http://www.w3.org/2003/InkML",
                                                 "a": "x & y z w"]),
            .start(name: "trace", attributes: ["xml:id": "t1"]),
            .text("1 2,3 4"),
            .end(name: "trace"),
            .start(name: "empty", attributes: [:]),
            .end(name: "empty"),
            .text("<not> &markup;é😀<>'\"\nend\nx"),
            .end(name: "ink:ink"),
        ])
    }

    @Test(arguments: [
        ("", 1, "no root element"),
        ("  \n ", 2, "no root element"),
        ("hello<a/>", 1, "text before the root element"),
        ("<a/>\nhello", 2, "text after the root element"),
        ("<a/><b/>", 1, "a second root element"),
        ("<a>\n<b>\n</a>", 3, "the end tag </a> closes <b>"),
        ("<a></b>", 1, "the end tag </b> closes <a>"),
        ("<a>\n<b>", 2, "<b> is never closed (is the file truncated?)"),
        ("<a", 1, "the tag <a> is not finished"),
        ("<1a/>", 1, "expected an element name after '<'"),
        ("<a b/>", 1, "expected '=' after the attribute b of <a>"),
        ("<a b=c/>", 1, "the value of the attribute b of <a> is not quoted"),
        ("<a b='1'c='2'/>", 1, "expected an attribute name, '>' or '/>' in the tag <a>"),
        ("<a b='1' b='2'/>", 1, "the attribute b appears twice in <a>"),
        ("<a b='<'/>", 1, "'<' inside an attribute value (write '&lt;')"),
        ("<a b='1/>", 1, "an attribute value is never closed"),
        ("<a>&foo;</a>", 1, "the entity &foo; is not defined"),
        ("<a>AT&T</a>", 1, "'&' starts no reference (write '&amp;')"),
        ("<a>&#0;</a>", 1, "&#0; is no character XML allows"),
        ("<a>&#xD800;</a>", 1, "&#xD800; is no character XML allows"),
        ("<a>&#12a;</a>", 1, "&#12a; is no character XML allows"),
        ("<a>]]></a>", 1, "']]>' in text (write ']]&gt;')"),
        ("<a><!-- x -- y --></a>", 1, "'--' inside a comment"),
        ("<a><!-- x </a>", 1, "the comment is never finished (no '-->')"),
        ("<a><![CDATA[x</a>", 1, "the CDATA section is never finished (no ']]>')"),
        ("<![CDATA[x]]><a/>", 1, "a CDATA section outside the root element"),
        ("<a><!ELEMENT a ANY></a>", 1, "'<!' starts neither a comment nor a CDATA section"),
        ("<a>\n<?xml version='1.0'?></a>", 2,
         "an XML declaration is only allowed at the very start"),
        ("<a><?></a>", 1, "expected a name after '<?'"),
        ("<a><?x y", 1, "the processing instruction <?x is never finished"),
        ("<a><?x-y=?></a>", 1, "expected white space or '?>' after '<?x-y'"),
        ("<a>\u{1}</a>", 1, "byte 3 is the control character 1, which XML does not allow"),
        ("<a>\u{FFFF}</a>", 1, "byte 3 starts U+FFFE or U+FFFF, which XML does not allow"),
        ("<!DOCTYPE a [<!ENTITY x 'y'>]><a>&x;</a>", 1, "a DOCTYPE declaration is refused"),
    ])
    func malformedDocumentsSayWhereAndWhy(text: String, line: Int, reason: String) {
        guard case let .failure(error) = Self.events(text) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(error.line == line, "\(text): \(error)")
        #expect(error.reason.hasPrefix(reason), "\(text): \(error)")
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirOffset() {
        for (bytes, offset) in [
            (Array("<s".utf8) + [0xCD] + Array("?sUnsaa:ink".utf8), 2),  // a lone lead byte
            (Array("<a>".utf8) + [0xC0, 0x80] + Array("</a>".utf8), 3),  // overlong
            (Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8), 3),  // a surrogate
            (Array("<a>".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("</a>".utf8), 3),  // > U+10FFFF
            (Array("<a>é".utf8) + [0xE2, 0x82], 5),  // cut short
        ] {
            guard case let .failure(error) = Self.events(bytes) else {
                Issue.record("\(bytes) was read")
                continue
            }
            #expect(error.reason == "byte \(offset) is not UTF-8 (the document is read as UTF-8)")
        }
    }

    @Test func entitiesCannotExpandBecauseNoDTDIsRead() {
        // Billion laughs: ten levels of ten references.
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY a \"lol\">\n"
        for k in 1..<10 {
            text += "<!ENTITY \(Character(UnicodeScalar(97 + k)!)) \""
                + String(repeating: "&\(Character(UnicodeScalar(96 + k)!));", count: 10) + "\">\n"
        }
        text += "]>\n<lolz>&j;</lolz>"
        guard case let .failure(error) = Self.events(text) else {
            Issue.record("the DTD was read")
            return
        }
        #expect(error == XMLSyntaxError(line: 2, reason: "a DOCTYPE declaration is refused (a DTD "
            + "can declare entities that expand without bound; remove it)"))
    }

    @Test func nestingIsBoundedAndTheBoundItselfIsRead() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        }
        #expect(try Self.events(nested(XMLReader.maximumDepth)).get().count
                == 2 * XMLReader.maximumDepth)
        #expect(throws: XMLSyntaxError(line: 1, reason: "elements nested deeper than 256")) {
            try Self.events(nested(XMLReader.maximumDepth + 1)).get()
        }
    }

    @Test func aHandlerThatSaysStopEndsTheReadingThere() throws {
        var seen: [XMLEvent] = []
        let finished = try XMLReader.read(Array("<a><b/><c/>broken</d>".utf8)) { event in
            seen.append(event)
            return seen.count < 2
        }
        #expect(!finished)
        #expect(seen == [.start(name: "a", attributes: [:]), .start(name: "b", attributes: [:])])
    }

    /// Sixteen MiB of trace text: read in time linear in its size, no quadratic scan.
    @Test func aLargeDocumentIsReadInLinearTime() throws {
        let body = String(repeating: "123 456, ", count: 1_800_000)
        let text = "<ink><trace>" + body + "</trace></ink>"
        let clock = ContinuousClock()
        var length = 0
        let elapsed = try clock.measure {
            try XMLReader.read(Array(text.utf8)) { event in
                if case let .text(t) = event { length += t.utf8.count }
                return true
            }
        }
        #expect(length == body.utf8.count)
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
