/// A small, tolerant scanner for the $1 gesture logs:
/// `<Gesture Name=".." ...><Point X="126" Y="140" T="1154653" /> ... </Gesture>`.
///
/// It is not a general XML parser (no native dependency): it walks the tags, skips the
/// declaration, comments and unknown elements, reads the `X`, `Y` and optional `T`
/// attributes of each `<Point>` (either quote style, any order, any spacing) and makes one
/// stroke per `<Gesture>` element. Entities are not expanded (numbers never need them).
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
        func find(_ pattern: String, from start: Int) -> Int? {
            let needle = Array(pattern.utf8)
            var i = start
            while i + needle.count <= bytes.count {
                if bytes[i] == needle[0], needle.indices.allSatisfy({ bytes[i + $0] == needle[$0] }) {
                    return i
                }
                i += 1
            }
            return nil
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
                let attributes = try self.attributes(tag)
                guard let x = attributes["X"].flatMap(Double.init),
                      let y = attributes["Y"].flatMap(Double.init) else {
                    throw .unexpectedStructure(where: "stroke \(strokes.count) point \(p)",
                                               expected: "numeric X and Y attributes")
                }
                for value in [x, y]
                where !(value.isFinite && abs(value) <= limits.maxCoordinateMagnitude) {
                    throw .coordinateOutOfRange(stroke: strokes.count, point: p, value: value,
                                                limit: limits.maxCoordinateMagnitude)
                }
                let t = attributes["T"].flatMap(Double.init)
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

    /// `name="value"` or `name='value'` pairs of a tag (after its name).
    private static func attributes(_ tag: UnsafeBufferPointer<UInt8>)
        throws(StrokeFormatError.Kind) -> [String: String] {
        var result: [String: String] = [:]
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
            let name = String(decoding: tag[nameStart..<i], as: UTF8.self)
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
            let value = String(decoding: tag[valueStart..<i], as: UTF8.self)
            result[name] = value.trimmingWhitespace
            i += 1
        }
        return result
    }
}

private extension String {
    var trimmingWhitespace: String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, StrokeReader.isWhitespace(bytes[start]) { start += 1 }
        while end > start, StrokeReader.isWhitespace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
