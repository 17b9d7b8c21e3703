/// The character encodings `XMLReader` reads: UTF-8 (and ASCII, part of it), UTF-16 and
/// ISO-8859-1 (Latin-1). A document is UTF-16 when it starts with a byte-order mark or with
/// `<` as a UTF-16 code unit (XML 1.0, appendix F); otherwise it is in the encoding its
/// declaration names, UTF-8 when it names none. UTF-16 and Latin-1 documents are turned into
/// UTF-8 before they are read, line for line (so error lines stay right).
enum XMLEncoding: Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    case latin1

    /// What error messages call it.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16: "UTF-16"
        case .latin1: "ISO-8859-1"
        }
    }

    /// The encoding an XML declaration names (letter case ignored), or nil for one not read.
    /// A declared UTF-16 says nothing of the byte order, which the bytes tell.
    init?(declaredName: String) {
        switch declaredName.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii": self = .utf8
        case "utf-16", "utf16", "utf-16le", "utf-16be": self = .utf16(bigEndian: true)
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1": self = .latin1
        default: return nil
        }
    }

    /// Whether a declaration naming `declared` agrees with a document in this encoding.
    func agrees(with declared: XMLEncoding) -> Bool {
        switch (self, declared) {
        case (.utf16, .utf16): true
        default: self == declared
        }
    }

    /// The encoding of `bytes`: UTF-16 by its first bytes, else Latin-1 when the declaration
    /// names it, else UTF-8 (a declaration naming anything else is refused when it is read).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> XMLEncoding {
        guard bytes.count >= 2 else { return .utf8 }
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF), (0x00, 0x3C): return .utf16(bigEndian: true)
        case (0xFF, 0xFE), (0x3C, 0x00): return .utf16(bigEndian: false)
        default: break
        }
        return declaredName(in: bytes).flatMap(XMLEncoding.init(declaredName:)) == .latin1
            ? .latin1 : .utf8
    }

    /// The value of `encoding="…"` in an XML declaration at the start of `bytes`, or nil (no
    /// declaration, none named, or a malformed one, which the reader then refuses).
    static func declaredName(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return nil }
        let declaration = head[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }

    /// `bytes` in UTF-8, or nil when they are UTF-8 already. Throws for UTF-16 that is cut
    /// short or holds a lone surrogate.
    func utf8(_ bytes: UnsafeBufferPointer<UInt8>) throws(XMLSyntaxError) -> [UInt8]? {
        var out: [UInt8] = []
        switch self {
        case .utf8:
            return nil
        case .latin1:
            out.reserveCapacity(bytes.count + bytes.count / 8)
            for b in bytes { append(UInt32(b), to: &out) }
        case let .utf16(bigEndian):
            out.reserveCapacity(bytes.count)
            var line = 1
            func unit(_ k: Int) -> UInt32 {
                bigEndian ? UInt32(bytes[k]) << 8 | UInt32(bytes[k + 1])
                          : UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k])
            }
            guard bytes.count % 2 == 0 else {
                throw XMLSyntaxError(line: 1, reason: "the document is UTF-16 (by its first "
                                     + "bytes) but has an odd number of bytes")
            }
            var k = 0
            while k < bytes.count {
                let u = unit(k)
                k += 2
                var scalar = u
                if (0xD800...0xDBFF).contains(u), k < bytes.count,
                   case let low = unit(k), (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                    k += 2
                } else if (0xD800...0xDFFF).contains(u) {
                    throw XMLSyntaxError(line: line, reason: "byte \(k - 2) is half of a UTF-16 "
                                         + "surrogate pair (the document is read as UTF-16)")
                }
                if scalar == 0x0A { line += 1 }
                append(scalar, to: &out)
            }
        }
        return out
    }

    /// Appends the UTF-8 form of the scalar `v` (not a surrogate) to `out`.
    private func append(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case ..<0x80:
            out.append(UInt8(v))
        case ..<0x800:
            out += [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)]
        case ..<0x10000:
            out += [UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        default:
            out += [UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F),
                    UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        }
    }
}
