/// A small, tolerant scanner for the $1 gesture logs:
/// `<Gesture Name=".." ...><Point X="126" Y="140" T="1154653" /> ... </Gesture>`.
///
/// It is not a general XML parser (no native dependency): it walks the tags, skips the
/// declaration, comments and unknown elements, reads the `X`, `Y` and optional `T`
/// attributes of each `<Point>` (either quote style, any order, any spacing) and makes one
/// stroke per `<Gesture>` element. Entities are not expanded (numbers never need them).
import Foundation
import XMLReading

enum GestureXML {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String,
                      limits: StrokeLimits) throws(StrokeFormatError) -> Drawing {
        do throws(StrokeFormatError.Kind) {
            return try scan(bytes, limits: limits)
        } catch {
            throw StrokeFormatError(source: source, kind: error)
        }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: StrokeLimits)
        throws(StrokeFormatError.Kind) -> Drawing {
        var strokes: [Stroke] = []
        var current: [Point]? = nil  // points of the open <Gesture>
        var index = 0
        func find(_ pattern: StaticString, from start: Int) -> Int? {
            firstOffset(of: pattern, in: bytes, from: start)
        }
        func close(_ points: [Point]) throws(StrokeFormatError.Kind) {
            guard !points.isEmpty else { throw .emptyStroke(stroke: strokes.count) }
            guard strokes.count < limits.maxStrokesPerDrawing else {
                throw .tooManyStrokes(count: strokes.count + 1, limit: limits.maxStrokesPerDrawing)
            }
            strokes.append(Stroke(points: points))
        }
        while let open = find("<", from: index) {
            let next = open + 1
            if next < bytes.count, bytes[next] == UInt8(ascii: "!") {  // comment or DOCTYPE
                let isComment = find("<!--", from: open) == open
                guard let end = find(isComment ? "-->" : ">", from: next) else {
                    throw .malformedXML(reason: "unterminated comment or declaration")
                }
                index = end + 1
                continue
            }
            guard let end = find(">", from: next) else {
                throw .malformedXML(reason: "unterminated tag at byte \(open)")
            }
            index = end + 1
            let tag = UnsafeBufferPointer(rebasing: bytes[next..<end])
            let name = tagName(tag)
            switch name {
            case "Gesture":
                if let points = current { try close(points) }
                let selfClosing = tag.last == UInt8(ascii: "/")
                current = selfClosing ? nil : []
                if selfClosing { try close([]) }
            case "/Gesture":
                guard let points = current else {
                    throw .malformedXML(reason: "</Gesture> without <Gesture>")
                }
                try close(points)
                current = nil
            case "Point":
                guard current != nil else {
                    throw .malformedXML(reason: "<Point> outside a <Gesture> element")
                }
                let p = current!.count
                guard p < limits.maxPointsPerStroke else {
                    throw .tooManyPoints(stroke: strokes.count, count: p + 1,
                                         limit: limits.maxPointsPerStroke)
                }
                var (x, y, t): (Double?, Double?, Double?) = (nil, nil, nil)
                try forEachAttribute(tag) { name, value in
                    guard name.count == 1 else { return }
                    switch name[name.startIndex] {
                    case UInt8(ascii: "X"): x = number(value)
                    case UInt8(ascii: "Y"): y = number(value)
                    case UInt8(ascii: "T"): t = number(value)
                    default: break
                    }
                }
                guard let x, let y else {
                    throw .unexpectedStructure(where: "stroke \(strokes.count) point \(p)",
                                               expected: "numeric X and Y attributes")
                }
                for value in [x, y] where !limits.accepts(coordinate: value) {
                    throw .coordinateOutOfRange(stroke: strokes.count, point: p, value: value,
                                                limit: limits.maxCoordinateMagnitude)
                }
                current!.append(Point(x: x, y: y, t: t))
            default:
                continue  // <?xml ..?> and unknown elements
            }
        }
        if let points = current {
            guard points.isEmpty else {
                throw .malformedXML(reason: "<Gesture> is never closed (truncated file?)")
            }
            try close(points)
        }
        guard !strokes.isEmpty else {
            throw .unknownFormat(hint: "XML without a $1 <Gesture> element")
        }
        return Drawing(strokes: strokes)
    }

    /// The element name at the start of a tag's inside (`Point X="1"` → `Point`).
    private static func tagName(_ tag: UnsafeBufferPointer<UInt8>) -> String {
        var end = 0
        while end < tag.count, !StrokeReader.isWhitespace(tag[end]), tag[end] != UInt8(ascii: "/")
            || end == 0 {
            end += 1
        }
        return String(decoding: tag[0..<end], as: UTF8.self)
    }

    /// A decimal number with optional surrounding spaces (nil if it is not one).
    private static func number(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        var start = text.startIndex, end = text.endIndex
        while start < end, StrokeReader.isWhitespace(text[start]) { start += 1 }
        while end > start, StrokeReader.isWhitespace(text[end - 1]) { end -= 1 }
        guard end - start <= 64 else { return nil }
        return Double(String(decoding: text[start..<end], as: UTF8.self))
    }

    /// Calls `body` with each `name="value"` or `name='value'` pair of a tag (after its name).
    private static func forEachAttribute(
        _ tag: UnsafeBufferPointer<UInt8>,
        _ body: (Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>) -> Void
    ) throws(StrokeFormatError.Kind) {
        var i = 0
        while i < tag.count, !StrokeReader.isWhitespace(tag[i]) { i += 1 }  // skip the name
        while i < tag.count {
            while i < tag.count, StrokeReader.isWhitespace(tag[i]) || tag[i] == UInt8(ascii: "/") {
                i += 1
            }
            guard i < tag.count else { break }
            let nameStart = i
            while i < tag.count, tag[i] != UInt8(ascii: "="), !StrokeReader.isWhitespace(tag[i]) {
                i += 1
            }
            let nameBytes = tag[nameStart..<i]
            var name: String { String(decoding: nameBytes, as: UTF8.self) }
            while i < tag.count, StrokeReader.isWhitespace(tag[i]) { i += 1 }
            guard i < tag.count, tag[i] == UInt8(ascii: "=") else {
                throw .malformedXML(reason: "attribute \(name) has no value")
            }
            i += 1
            while i < tag.count, StrokeReader.isWhitespace(tag[i]) { i += 1 }
            guard i < tag.count, tag[i] == UInt8(ascii: "\"") || tag[i] == UInt8(ascii: "'") else {
                throw .malformedXML(reason: "attribute \(name) value is not quoted")
            }
            let quote = tag[i]
            i += 1
            let valueStart = i
            while i < tag.count, tag[i] != quote { i += 1 }
            guard i < tag.count else {
                throw .malformedXML(reason: "attribute \(name) value is not closed")
            }
            body(nameBytes, tag[valueStart..<i])
            i += 1
        }
    }
}
