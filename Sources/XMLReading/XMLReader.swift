/// What `XMLReader` reports, in document order. An empty element (`<a/>`) gives a start
/// and an end; text comes decoded (entity and character references replaced, line ends
/// made `\n`), and a run of text may come in several pieces (CDATA sections are pieces of
/// their own).
public enum XMLEvent: Equatable, Sendable {
    case start(name: String, attributes: [String: String])
    case text(String)
    case end(name: String)
}

/// A strict, non-validating reader of XML 1.0 documents in UTF-8, UTF-16 or ISO-8859-1
/// (`XMLEncoding`) that have no DTD: what the InkML and JFLAP readers need, and nothing that
/// can expand, fetch or crash.
///
/// ```swift
/// try XMLReader.read(bytes) { event in
///     if case let .start(name, attributes) = event { print(name, attributes) }
///     return true                    // false stops the reading
/// }
/// ```
///
/// It refuses, with the line and the reason, every document that is not well-formed
/// (unbalanced or crossed tags, a second root, text outside the root, a bad name, an
/// unquoted or repeated attribute, `<` in an attribute value, an unknown entity, `--` in a
/// comment, `]]>` in text, a character that XML does not allow, bytes that are not UTF-8,
/// a file that ends inside an element), and also a `DOCTYPE` (a DTD is the only place
/// entities are declared, so none can expand without bound — "billion laughs" — or name
/// a file elsewhere) and elements nested deeper than `maximumDepth`. Names are read as
/// written, prefix and all (no namespace processing). Comments, processing instructions
/// and the XML declaration give no events.
///
/// Memory: the events' strings and a stack of open element names; nothing else grows with
/// the document. Time: linear in the document.
public enum XMLReader {
    /// The deepest nesting of elements read (libxml2's default limit too).
    public static let maximumDepth = 256

    /// Reads `bytes`, giving each event to `handle` until the document ends (true) or
    /// `handle` returns false (false: reading stopped there). Throws at the first syntax
    /// error, after the events before it.
    @discardableResult
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>,
                            _ handle: (XMLEvent) -> Bool) throws(XMLSyntaxError) -> Bool {
        let encoding = XMLEncoding.of(bytes)
        guard let utf8 = try encoding.utf8(bytes) else {
            var scanner = XMLScanner(bytes, encoding: .utf8)
            return try scanner.document(handle)
        }
        return try utf8.withUnsafeBufferPointer { (buffer) throws(XMLSyntaxError) in
            var scanner = XMLScanner(buffer, encoding: encoding)
            return try scanner.document(handle)
        }
    }

    /// The same, for bytes held in an array.
    @discardableResult
    public static func read(_ bytes: [UInt8],
                            _ handle: (XMLEvent) -> Bool) throws(XMLSyntaxError) -> Bool {
        try bytes.withUnsafeBufferPointer { (buffer) throws(XMLSyntaxError) in
            try read(buffer, handle)
        }
    }
}

/// The reading position in one document and the elements open there.
struct XMLScanner {
    /// The document in UTF-8.
    let b: UnsafeBufferPointer<UInt8>
    /// The encoding it was written in (which its declaration must name, if it names one).
    let encoding: XMLEncoding
    var i = 0
    var open: [String] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, encoding: XMLEncoding) {
        b = bytes
        self.encoding = encoding
    }

    // MARK: The document

    mutating func document(_ handle: (XMLEvent) -> Bool) throws(XMLSyntaxError) -> Bool {
        if let bad = Self.firstInvalidCharacter(b) {
            throw error(at: bad.offset, bad.reason)
        }
        if starts(with: "\u{FEFF}") { i = 3 }     // a byte-order mark
        if starts(with: "<?xml"), i + 5 < b.count, Self.isSpace(b[i + 5]) {
            try declaration()
        }
        var sawRoot = false
        while i < b.count {
            if b[i] != ascii("<") {
                if open.isEmpty {
                    guard Self.isSpace(b[i]) else {
                        throw error(sawRoot ? "text after the root element"
                                            : "text before the root element")
                    }
                    i += 1
                    continue
                }
                let text = try characters()
                if !text.isEmpty, !handle(.text(text)) { return false }
                continue
            }
            if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw error("a CDATA section outside the root element") }
                if !handle(.text(try cdata())) { return false }
            } else if starts(with: "<!DOCTYPE") {
                throw error("a DOCTYPE declaration is refused (a DTD can declare entities that "
                            + "expand without bound; remove it)")
            } else if starts(with: "<!") {
                throw error("'<!' starts neither a comment nor a CDATA section")
            } else if starts(with: "</") {
                if !handle(.end(name: try endTag())) { return false }
            } else {
                if open.isEmpty, sawRoot {
                    throw error("a second root element")
                }
                sawRoot = true
                guard try startTag(handle) else { return false }
            }
        }
        if let innermost = open.last {
            throw error("<\(innermost)> is never closed (is the file truncated?)")
        }
        guard sawRoot else { throw error("no root element") }
        return true
    }

    // MARK: Markup

    /// `<name attributes>` or `<name attributes/>`, reported; false if `handle` said stop.
    mutating func startTag(_ handle: (XMLEvent) -> Bool) throws(XMLSyntaxError) -> Bool {
        i += 1
        guard let name = name() else { throw error("expected an element name after '<'") }
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpace()
            guard i < b.count else { throw error("the tag <\(name)> is not finished") }
            if b[i] == ascii(">") || starts(with: "/>") {
                let empty = b[i] == ascii("/")
                i += empty ? 2 : 1
                guard open.count < XMLReader.maximumDepth else {
                    throw error("elements nested deeper than \(XMLReader.maximumDepth)")
                }
                guard handle(.start(name: name, attributes: attributes)) else { return false }
                if empty { return handle(.end(name: name)) }
                open.append(name)
                return true
            }
            guard spaced, let key = self.name() else {
                throw error("expected an attribute name, '>' or '/>' in the tag <\(name)>")
            }
            skipSpace()
            guard i < b.count, b[i] == ascii("=") else {
                throw error("expected '=' after the attribute \(key) of <\(name)>")
            }
            i += 1
            skipSpace()
            guard i < b.count, b[i] == ascii("\"") || b[i] == ascii("'") else {
                throw error("the value of the attribute \(key) of <\(name)> is not quoted")
            }
            let value = try attributeValue(quote: b[i])
            guard attributes.updateValue(value, forKey: key) == nil else {
                throw error("the attribute \(key) appears twice in <\(name)>")
            }
        }
    }

    /// `</name>`, matching the innermost open element; returns the name.
    mutating func endTag() throws(XMLSyntaxError) -> String {
        i += 2
        guard let name = name() else { throw error("expected an element name after '</'") }
        skipSpace()
        guard i < b.count, b[i] == ascii(">") else {
            throw error("expected '>' to finish the end tag </\(name)>")
        }
        guard let innermost = open.last else {
            throw error("the end tag </\(name)> closes no element")
        }
        guard innermost == name else {
            throw error("the end tag </\(name)> closes <\(innermost)>")
        }
        i += 1
        open.removeLast()
        return name
    }

    /// `<?xml version="1.x" encoding="…" standalone="…"?>` at the start: checked (the
    /// encoding must be one `XMLEncoding` reads, and the one the document is in), and skipped.
    mutating func declaration() throws(XMLSyntaxError) {
        i += 5
        var seen: [String] = []
        while true {
            let spaced = skipSpace()
            if starts(with: "?>") { i += 2; break }
            let order = ["version", "encoding", "standalone"]
            guard spaced, let key = name(), let rank = order.firstIndex(of: key),
                  rank > (seen.last.flatMap(order.firstIndex(of:)) ?? -1),
                  rank == 0 || !seen.isEmpty else {
                throw error("the XML declaration is malformed (expected <?xml version=\"1.0\" "
                            + "encoding=\"UTF-8\"?>)")
            }
            skipSpace()
            guard i < b.count, b[i] == ascii("=") else {
                throw error("expected '=' after \(key) in the XML declaration")
            }
            i += 1
            skipSpace()
            guard i < b.count, b[i] == ascii("\"") || b[i] == ascii("'") else {
                throw error("the \(key) in the XML declaration is not quoted")
            }
            let value = try attributeValue(quote: b[i])
            switch key {
            case "version":
                guard value.hasPrefix("1."), value.count > 2,
                      value.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw error("the XML version \"\(value)\" is not 1.x")
                }
            case "encoding":
                guard let declared = XMLEncoding(declaredName: value) else {
                    throw error("the document declares the encoding \"\(value)\"; only UTF-8, "
                                + "UTF-16 and ISO-8859-1 (Latin-1) are read (save the file as UTF-8)")
                }
                guard encoding.agrees(with: declared) else {
                    throw error("the document declares the encoding \"\(value)\" but is "
                                + "written in \(encoding.name) (by its first bytes)")
                }
            default:
                guard value == "yes" || value == "no" else {
                    throw error("standalone is \"\(value)\", not yes or no")
                }
            }
            seen.append(key)
        }
        guard seen.first == "version" else {
            throw error("the XML declaration has no version")
        }
    }

    /// `<?target data?>`, skipped.
    mutating func processingInstruction() throws(XMLSyntaxError) {
        let start = i
        i += 2
        guard let target = name() else {
            throw error("expected a name after '<?'")
        }
        // (The declaration at the very start has been read by `declaration()`.)
        if target.lowercased() == "xml" {
            throw error("an XML declaration is only allowed at the very start of the document, "
                        + "as <?xml version=\"1.0\"?>")
        }
        guard i < b.count, Self.isSpace(b[i]) || starts(with: "?>") else {
            throw error("expected white space or '?>' after '<?\(target)'")
        }
        guard let end = find("?>") else {
            throw error(at: start, "the processing instruction <?\(target) is never finished")
        }
        i = end + 2
    }

    /// `<!-- … -->`, skipped; `--` may not appear inside.
    mutating func comment() throws(XMLSyntaxError) {
        let start = i
        i += 4
        guard let dashes = find("--") else {
            throw error(at: start, "the comment is never finished (no '-->')")
        }
        guard dashes + 2 < b.count, b[dashes + 2] == ascii(">") else {
            throw error(at: dashes, "'--' inside a comment")
        }
        i = dashes + 3
    }

    /// `<![CDATA[ … ]]>`: its text, as written (line ends made `\n`).
    mutating func cdata() throws(XMLSyntaxError) -> String {
        let start = i
        i += 9
        guard let end = find("]]>") else {
            throw error(at: start, "the CDATA section is never finished (no ']]>')")
        }
        var text: [UInt8] = []
        text.reserveCapacity(end - i)
        appendNormalizingLineEnds(i..<end, to: &text)
        i = end + 3
        return String(decoding: text, as: UTF8.self)
    }

    /// Character data up to the next `<` (or the end), references replaced.
    mutating func characters() throws(XMLSyntaxError) -> String {
        var text: [UInt8] = []
        var runStart = i
        while i < b.count, b[i] != ascii("<") {
            switch b[i] {
            case ascii("&"):
                appendNormalizingLineEnds(runStart..<i, to: &text)
                try reference(into: &text)
                runStart = i
            case ascii(">") where i >= 2 && b[i - 1] == ascii("]") && b[i - 2] == ascii("]"):
                throw error(at: i - 2, "']]>' in text (write ']]&gt;')")
            default:
                i += 1
            }
        }
        appendNormalizingLineEnds(runStart..<i, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// A quoted attribute value, references replaced and each white-space character made a
    /// space (a line end `\r\n` one space), as XML normalizes attribute values.
    mutating func attributeValue(quote: UInt8) throws(XMLSyntaxError) -> String {
        let start = i
        i += 1
        var value: [UInt8] = []
        while true {
            guard i < b.count else {
                throw error(at: start, "an attribute value is never closed")
            }
            let c = b[i]
            if c == quote { i += 1; break }
            switch c {
            case ascii("<"):
                throw error("'<' inside an attribute value (write '&lt;')")
            case ascii("&"):
                try reference(into: &value)
            case ascii("\r"):
                value.append(ascii(" "))
                i += (i + 1 < b.count && b[i + 1] == ascii("\n")) ? 2 : 1
            case ascii("\n"), ascii("\t"):
                value.append(ascii(" "))
                i += 1
            default:
                value.append(c)
                i += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `&name;` (one of XML's five), `&#decimal;` or `&#xhex;`, appended as UTF-8.
    mutating func reference(into out: inout [UInt8]) throws(XMLSyntaxError) {
        let start = i
        i += 1
        // (Leading zeros aside, the longest reference is `&#x10FFFF;`.)
        var semicolon = i
        while semicolon < min(b.count, i + 32), b[semicolon] != ascii(";") { semicolon += 1 }
        guard semicolon < b.count, b[semicolon] == ascii(";"), semicolon > i else {
            throw error(at: start, "'&' starts no reference (write '&amp;')")
        }
        let text = String(decoding: b[i..<semicolon], as: UTF8.self)
        i = semicolon + 1
        let named: UInt8? = switch text {
        case "lt": 0x3C
        case "gt": 0x3E
        case "amp": 0x26
        case "apos": 0x27
        case "quot": 0x22
        default: nil
        }
        if let named {
            out.append(named)
            return
        }
        guard text.hasPrefix("#") else {
            throw error(at: start, "the entity &\(text); is not defined (only &lt; &gt; &amp; "
                        + "&apos; &quot; are, and no DTD is read)")
        }
        let hex = text.hasPrefix("#x")
        let digits = text.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty,
              digits.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }),
              let value = UInt32(digits, radix: hex ? 16 : 10),
              let scalar = Unicode.Scalar(value), Self.isXMLCharacter(value) else {
            throw error(at: start, "&\(text); is no character XML allows")
        }
        out.append(contentsOf: String(Character(scalar)).utf8)
    }

    // MARK: Pieces

    /// An XML name (letters, digits, `_`, `:`, `-`, `.`, any non-ASCII character; not
    /// starting with a digit, `-` or `.`), or nil with nothing consumed.
    mutating func name() -> String? {
        let start = i
        guard i < b.count, Self.startsName(b[i]) else { return nil }
        i += 1
        while i < b.count, Self.continuesName(b[i]) { i += 1 }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = i
        while i < b.count, Self.isSpace(b[i]) { i += 1 }
        return i > start
    }

    /// Appends `range`'s bytes with `\r\n` and a lone `\r` made `\n`.
    func appendNormalizingLineEnds(_ range: Range<Int>, to out: inout [UInt8]) {
        var k = range.lowerBound
        while k < range.upperBound {
            if b[k] == ascii("\r") {
                out.append(ascii("\n"))
                k += (k + 1 < range.upperBound && b[k + 1] == ascii("\n")) ? 2 : 1
            } else {
                out.append(b[k])
                k += 1
            }
        }
    }

    func starts(with text: StaticString, at offset: Int? = nil) -> Bool {
        let prefix = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        let at = offset ?? i
        guard at + prefix.count <= b.count else { return false }
        for k in 0..<prefix.count where b[at + k] != prefix[k] { return false }
        return true
    }

    /// The offset of the next `text` from the position, or nil.
    func find(_ text: StaticString) -> Int? {
        firstOffset(of: text, in: b, from: i)
    }

    func error(at offset: Int? = nil, _ reason: String) -> XMLSyntaxError {
        let end = min(offset ?? i, b.count)
        var line = 1
        for k in 0..<end where b[k] == ascii("\n") { line += 1 }
        return XMLSyntaxError(line: line, reason: reason)
    }

    // MARK: Characters

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D
    }

    static func startsName(_ c: UInt8) -> Bool {
        (c | 0x20) >= ascii("a") && (c | 0x20) <= ascii("z") || c == ascii("_") || c == ascii(":")
            || c >= 0x80
    }

    static func continuesName(_ c: UInt8) -> Bool {
        startsName(c) || (c >= ascii("0") && c <= ascii("9")) || c == ascii("-") || c == ascii(".")
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return and every scalar from U+0020 on,
    /// except the surrogates, U+FFFE and U+FFFF.
    static func isXMLCharacter(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
            || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    /// The first byte that is not valid UTF-8 or starts a character XML does not allow.
    static func firstInvalidCharacter(_ b: UnsafeBufferPointer<UInt8>)
        -> (offset: Int, reason: String)? {
        var k = 0
        while k < b.count {
            let c = b[k]
            if c < 0x80 {
                guard c >= 0x20 || c == 0x09 || c == 0x0A || c == 0x0D else {
                    return (k, "byte \(k) is the control character \(c), which XML does not allow")
                }
                k += 1
                continue
            }
            // The length of the sequence and the range of its second byte (the first
            // byte's range excludes overlong forms, surrogates and scalars past U+10FFFF).
            let length: Int, second: ClosedRange<UInt8>
            switch c {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return (k, "byte \(k) is not UTF-8 (the document is read as UTF-8)")
            }
            guard k + length <= b.count, second.contains(b[k + 1]),
                  (2..<length).allSatisfy({ (0x80...0xBF).contains(b[k + $0]) }) else {
                return (k, "byte \(k) is not UTF-8 (the document is read as UTF-8)")
            }
            // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no characters.
            if c == 0xEF, b[k + 1] == 0xBF, b[k + 2] >= 0xBE {
                return (k, "byte \(k) starts U+FFFE or U+FFFF, which XML does not allow")
            }
            k += length
        }
        return nil
    }
}

@inline(__always) private func ascii(_ s: Unicode.Scalar) -> UInt8 { UInt8(ascii: s) }
