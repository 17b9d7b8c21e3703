import Foundation
import XMLReading

/// A drawing in the W3C Ink Markup Language (FORMATS.md §1): `<ink>` with `<trace>`
/// elements in stroke order, and `<traceGroup>`s that may name what a group of strokes is
/// (`<annotation type="truth">arrow</annotation>` and `<traceView traceDataRef="3"/>`).
///
/// ```swift
/// let ink = try InkMLDocument.read(contentsOfFile: "writer12_10.inkml")
/// ink.drawing.strokes.count          // 35
/// ink.groups.filter { $0.truth == "arrow" }.map(\.strokes)   // [[3, 4, 5], [15, 16, 17], …]
/// ```
///
/// What is read: a trace is a comma-separated list of points, each a whitespace-separated
/// list of channel values; the channels are those of the `<traceFormat>` (X and Y first
/// when there is none), X and Y become the point and a `T` channel its time. Values may
/// carry the spec's prefixes `!` (explicit), `'` (difference to the previous point) and
/// `"` (second difference); `*` repeats the previous value. `traceView`s with `from`/`to`
/// ranges are taken whole.
///
/// Hostile input is refused with a `StrokeFormatError`, never a crash, a hang or unbounded
/// memory: the document size is checked before parsing (`maxDocumentBytes`); the XML is
/// read by `XMLReader`, which refuses a `DOCTYPE` outright (no entity can expand, no
/// external entity is fetched) and any document that is not well-formed; traces
/// (`maxStrokesPerDrawing`) and points (`maxPointsPerStroke`) are counted while parsing,
/// which stops at the first one over the limit; a non-numeric value and a `traceView`
/// naming no trace are errors that say where.
public struct InkMLDocument: Sendable, Equatable {
    /// A `<traceGroup>` that directly holds `traceView`s or a truth annotation.
    public struct Group: Sendable, Equatable {
        /// Its `xml:id` (or `id`), if any.
        public var id: String?
        /// The text of its `<annotation type="truth">`, trimmed; nil without one.
        public var truth: String?
        /// Indices (into `drawing.strokes`) of the traces its `traceView`s name, in order.
        public var strokes: [Int]
        /// The `href` of its `<annotationXML>` (e.g. the FlowchartML element it is), if any.
        public var reference: String?

        public init(id: String?, truth: String?, strokes: [Int], reference: String?) {
            self.id = id
            self.truth = truth
            self.strokes = strokes
            self.reference = reference
        }
    }

    /// Every trace as a stroke, in document order.
    public var drawing: Drawing
    /// Trace groups, in document order (an enclosing group before the groups inside it).
    public var groups: [Group]
    /// The text of `<annotation type="writer">` directly inside `<ink>`, if any.
    public var writer: String?

    public init(drawing: Drawing, groups: [Group], writer: String?) {
        self.drawing = drawing
        self.groups = groups
        self.writer = writer
    }

    /// Reads an InkML file (bounded by `limits`); errors name `path`.
    public static func read(contentsOfFile path: String, limits: StrokeLimits = .standard)
        throws(StrokeFormatError) -> InkMLDocument {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(contentsOf: path, limit: limits.maxDocumentBytes)
        } catch {
            switch error {
            case .unreadable, .notARegularFile:
                throw StrokeFormatError(source: path, kind: .unreadableFile)
            case let .tooLarge(count):
                throw StrokeFormatError(source: path, kind: .documentTooLarge(
                    bytes: count, limit: limits.maxDocumentBytes))
            }
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(StrokeFormatError) in
            try parse(buffer, source: path, limits: limits)
        }
    }

    /// Parses InkML held in memory; `source` names it in errors.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String,
                             limits: StrokeLimits = .standard)
        throws(StrokeFormatError) -> InkMLDocument {
        do throws(StrokeFormatError.Kind) {
            return try scan(bytes, limits: limits)
        } catch {
            throw StrokeFormatError(source: source, kind: error)
        }
    }

    /// Whether `bytes` (starting at `<`) is an InkML document: its root element (after the
    /// XML declaration, comments and processing instructions) is `ink`, with or without
    /// a namespace prefix.
    static func isInkML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // Skip the declaration, processing instruction or comment to its own end
                // (`?>`, `-->`), as it may hold `<` and `>`; anything else after `<!` to the
                // next `>` (enough to find the root's name; the parser checks the rest).
                let comment = i + 3 < bytes.count && bytes[i + 2] == UInt8(ascii: "-")
                    && bytes[i + 3] == UInt8(ascii: "-")
                let end: StaticString = next == UInt8(ascii: "?") ? "?>" : comment ? "-->" : ">"
                i = offset(after: end, in: bytes, from: i + (comment ? 4 : 2))
                continue
            }
            var end = i + 1
            while end < bytes.count, !StrokeReader.isWhitespace(bytes[end]),
                  bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") { end += 1 }
            let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
            return name == "ink" || name.hasSuffix(":ink")
        }
        return false
    }

    /// The offset just past the first `end` in `bytes` from `start`, or the end of `bytes`.
    private static func offset(after end: StaticString, in bytes: UnsafeBufferPointer<UInt8>,
                               from start: Int) -> Int {
        firstOffset(of: end, in: bytes, from: start).map { $0 + end.utf8CodeUnitCount }
            ?? bytes.count
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: StrokeLimits)
        throws(StrokeFormatError.Kind) -> InkMLDocument {
        guard bytes.count <= limits.maxDocumentBytes else {
            throw .documentTooLarge(bytes: bytes.count, limit: limits.maxDocumentBytes)
        }
        var reader = Reader(limits: limits)
        do {
            try XMLReader.read(bytes) { reader.take($0) }
        } catch {
            throw .malformedInkML(reason: error.description)
        }
        if let error = reader.failure { throw error }
        guard reader.sawInk else {
            throw .unknownFormat(hint: "XML without an InkML <ink> root element")
        }
        return try reader.document()
    }
}

/// Collects traces and groups from the reader's events, and stops the reading at the first
/// error (kept in `failure`).
private struct Reader {
    let limits: StrokeLimits
    var failure: StrokeFormatError.Kind?
    var sawInk = false
    var depth = 0

    var channels: [String] = []          // of the first <traceFormat>
    var readingFormat = false
    var strokes: [Stroke] = []
    var traceIDs: [String: Int] = [:]
    var traceText: [UInt8]?              // inside <trace>
    struct OpenGroup { var id: String?; var truth: String?; var views: [String] = []
                       var reference: String? }
    var groups: [InkMLDocument.Group] = []
    var views: [[String]] = []           // the names each group's traceViews give
    var openGroups: [(index: Int, group: OpenGroup)] = []
    var annotation: (type: String, text: String, inGroup: Bool, atInk: Bool)?
    var writer: String?

    init(limits: StrokeLimits) { self.limits = limits }

    /// Takes one event; false (with `failure` set) stops the reading.
    mutating func take(_ event: XMLEvent) -> Bool {
        do throws(StrokeFormatError.Kind) {
            switch event {
            case let .start(name, attributes): try start(name, attributes)
            case let .text(text): characters(text)
            case let .end(name): try end(name)
            }
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// The part of `name` after its last colon (empty for `ink:`), or all of it.
    static func local(_ name: String) -> String {
        name.lastIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    mutating func start(_ elementName: String, _ attributes: [String: String])
        throws(StrokeFormatError.Kind) {
        depth += 1
        switch Self.local(elementName) {
        case "ink":
            if depth == 1 { sawInk = true }
        case "traceFormat":
            readingFormat = channels.isEmpty
        case "channel":
            if readingFormat, let name = attributes["name"] { channels.append(name) }
        case "trace":
            guard strokes.count < limits.maxStrokesPerDrawing else {
                throw .tooManyStrokes(count: strokes.count + 1, limit: limits.maxStrokesPerDrawing)
            }
            if let id = attributes["xml:id"] ?? attributes["id"] { traceIDs[id] = strokes.count }
            traceText = []
        case "traceGroup":
            let id = attributes["xml:id"] ?? attributes["id"]
            openGroups.append((groups.count, OpenGroup(id: id)))
            groups.append(InkMLDocument.Group(id: nil, truth: nil, strokes: [], reference: nil))
            views.append([])
        case "traceView":
            guard !openGroups.isEmpty else { return }
            guard let ref = attributes["traceDataRef"] else {
                throw .unexpectedStructure(
                    where: "traceGroup \(openGroups.last!.group.id ?? "?")",
                    expected: "a traceDataRef attribute on every <traceView>")
            }
            openGroups[openGroups.count - 1].group.views.append(ref)
        case "annotation":
            annotation = (attributes["type"] ?? "", "", !openGroups.isEmpty, depth == 2)
        case "annotationXML":
            if !openGroups.isEmpty, let href = attributes["href"] {
                openGroups[openGroups.count - 1].group.reference = href
            }
        default:
            break
        }
    }

    mutating func characters(_ string: String) {
        if traceText != nil {
            traceText!.append(contentsOf: string.utf8)
        } else if annotation != nil {
            guard annotation!.text.utf8.count < 4096 else { return }
            annotation!.text += string
        }
    }

    mutating func end(_ elementName: String) throws(StrokeFormatError.Kind) {
        defer { depth -= 1 }
        switch Self.local(elementName) {
        case "traceFormat":
            readingFormat = false
        case "trace":
            guard let text = traceText else { return }
            traceText = nil
            strokes.append(try points(of: text, stroke: strokes.count))
        case "traceGroup":
            guard let (index, open) = openGroups.popLast() else { return }
            groups[index] = InkMLDocument.Group(id: open.id, truth: open.truth, strokes: [],
                                                reference: open.reference)
            views[index] = open.views
        case "annotation":
            guard let a = annotation else { return }
            annotation = nil
            let text = a.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if a.inGroup, a.type == "truth", !openGroups.isEmpty {
                openGroups[openGroups.count - 1].group.truth = text
            } else if a.atInk, a.type == "writer" {
                writer = text
            }
        default:
            break
        }
    }

    /// The points of one trace's text (FORMATS.md §1; see `InkMLDocument`).
    func points(of text: [UInt8], stroke: Int) throws(StrokeFormatError.Kind) -> Stroke {
        let names = channels.isEmpty ? ["X", "Y"] : channels
        guard let xIndex = names.firstIndex(of: "X"), let yIndex = names.firstIndex(of: "Y") else {
            throw .unexpectedStructure(where: "<traceFormat>", expected: "channels named X and Y")
        }
        let tIndex = names.firstIndex(of: "T")
        var points: [Point] = []
        var previous: [Double] = [], velocity: [Double] = []
        var p = 0
        var chunkStart = 0
        while chunkStart <= text.count {
            // One point: the bytes up to the next comma (split lazily: a 16 MiB trace
            // must not become millions of slices at once).
            var chunkEnd = chunkStart
            while chunkEnd < text.count, text[chunkEnd] != UInt8(ascii: ",") { chunkEnd += 1 }
            defer { chunkStart = chunkEnd + 1 }
            let tokens = text[chunkStart..<chunkEnd].split(whereSeparator: StrokeReader.isWhitespace)
            if tokens.isEmpty {
                if chunkEnd == text.count { break }  // a trailing comma, or an empty trace
                throw .unexpectedStructure(where: "stroke \(stroke) point \(p)",
                                           expected: "a point between two commas")
            }
            guard points.count < limits.maxPointsPerStroke else {
                throw .tooManyPoints(stroke: stroke, count: points.count + 1,
                                     limit: limits.maxPointsPerStroke)
            }
            guard tokens.count > max(xIndex, yIndex) else {
                throw .unexpectedStructure(where: "stroke \(stroke) point \(p)",
                    expected: "a value for each of the channels \(names.joined(separator: " "))")
            }
            var values: [Double] = []
            for (c, token) in tokens.enumerated() where c < max(names.count, 2) {
                var body = token[...], mode = UInt8(ascii: "!")
                if let first = body.first, [UInt8(ascii: "!"), UInt8(ascii: "'"),
                                            UInt8(ascii: "\"")].contains(first) {
                    mode = first
                    body = body.dropFirst()
                }
                let value: Double
                func place() -> String {
                    "stroke \(stroke) point \(p) channel \(c < names.count ? names[c] : "\(c)")"
                }
                if body.elementsEqual([UInt8(ascii: "*")]), c < previous.count {
                    value = previous[c]
                } else {
                    guard body.count <= 64,
                          let number = Double(String(decoding: body, as: UTF8.self)),
                          number.isFinite else {
                        throw .unexpectedStructure(where: place(), expected:
                            "a number, not \"\(String(decoding: token.prefix(20), as: UTF8.self))\"")
                    }
                    switch mode {
                    case UInt8(ascii: "'"):
                        guard c < previous.count else { throw difference(stroke, p) }
                        value = previous[c] + number
                    case UInt8(ascii: "\""):
                        guard c < previous.count, c < velocity.count else {
                            throw difference(stroke, p)
                        }
                        value = previous[c] + velocity[c] + number
                    default:
                        value = number
                    }
                    // Differences may add up past the largest Double; a written value may not.
                    guard value.isFinite else {
                        throw .unexpectedStructure(where: place(), expected:
                            "differences that add up to a finite value (within ±1.8e308)")
                    }
                }
                values.append(value)
            }
            velocity = values.indices.map { c in c < previous.count ? values[c] - previous[c] : 0 }
            previous = values
            let (x, y) = (values[xIndex], values[yIndex])
            for v in [x, y] where !limits.accepts(coordinate: v) {
                throw .coordinateOutOfRange(stroke: stroke, point: p, value: v,
                                            limit: limits.maxCoordinateMagnitude)
            }
            let t = tIndex.flatMap { $0 < values.count ? values[$0] : nil }
            points.append(Point(x: x, y: y, t: t))
            p += 1
        }
        guard !points.isEmpty else { throw .emptyStroke(stroke: stroke) }
        return Stroke(points: points)
    }

    private func difference(_ stroke: Int, _ p: Int) -> StrokeFormatError.Kind {
        .unexpectedStructure(where: "stroke \(stroke) point \(p)",
                             expected: "an explicit value before a difference (' or \")")
    }

    /// The document, with every traceView resolved to a stroke index.
    func document() throws(StrokeFormatError.Kind) -> InkMLDocument {
        var resolved = groups
        for (index, names) in views.enumerated() {
            for name in names {
                let key = name.hasPrefix("#") ? String(name.dropFirst()) : name
                guard let stroke = traceIDs[key] else {
                    throw .unexpectedStructure(
                        where: "traceGroup \(groups[index].id ?? "\(index)")",
                        expected: "a traceView naming an existing <trace> id "
                            + "(traceDataRef \"\(name.prefix(40))\" names none)")
                }
                resolved[index].strokes.append(stroke)
            }
        }
        return InkMLDocument(drawing: Drawing(strokes: strokes), groups: resolved, writer: writer)
    }
}
