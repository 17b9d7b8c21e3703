import Foundation

/// The JSON shapes of FORMATS.md §1, read from a parsed `JSONSerialization` tree:
/// a stroke list `[[{"x":..,"y":..}, ...], ...]`, a drawing document
/// `{"strokes": .., "labels": [{"text","x","y"}], "inputs": [".."]}`, or a Quick, Draw!
/// object `{"drawing": [[[x0,x1,..],[y0,y1,..](,[t0,..])], ..]}`. Unknown keys are ignored;
/// a numeric `"t"` on a point is kept as its timestamp.
enum JSONDrawing {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, line: Int?,
                      limits: StrokeLimits) throws(StrokeFormatError) -> Drawing {
        let fail = { (kind: StrokeFormatError.Kind) in
            StrokeFormatError(source: source, line: line, kind: kind)
        }
        // The common shapes directly (within the limits `checkShape` checks, by
        // construction); the rest, and every error, through JSONSerialization.
        if let drawing = JSONDrawingScanner.drawing(bytes, limits: limits) { return drawing }
        do throws(StrokeFormatError.Kind) {
            try checkShape(bytes, limits: limits)
        } catch {
            throw fail(error)
        }
        let tree: Any
        do {
            tree = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw fail(.malformedJSON(reason: reason ?? "the JSON parser refused it"))
        }
        do throws(StrokeFormatError.Kind) {
            return try drawing(from: tree, limits: limits)
        } catch {
            throw fail(error)
        }
    }

    /// The deepest nesting of arrays and objects accepted (a drawing needs 4 levels; unknown
    /// keys may hold a little more).
    static let maximumDepth = 64

    /// An array or object still open while scanning.
    private struct OpenValue {
        var isArray: Bool
        /// Its position in the enclosing array (the stroke index for a stroke), or 0.
        var index: Int
        var commas = 0
        /// The first byte of its first element (0 while it has none).
        var first: UInt8 = 0
    }

    /// Refuses, before parsing, a document no drawing within `limits` can be: an array of
    /// points (objects, or Quick, Draw! numbers) longer than `maxPointsPerStroke`, an array
    /// of strokes longer than `maxStrokesPerDrawing`, or nesting deeper than `maximumDepth`.
    /// The errors are those the checks after parsing give. JSONSerialization builds an
    /// object per value (about 3 KB per point), so a 14 MB stroke of a million points took
    /// 3 GB and 50 s to refuse after parsing. One pass, brackets counted outside strings;
    /// arrays left open by a truncated document are checked too.
    static func checkShape(_ bytes: UnsafeBufferPointer<UInt8>,
                           limits: StrokeLimits) throws(StrokeFormatError.Kind) {
        guard let base = bytes.baseAddress else { return }
        var open: [OpenValue] = []
        var inString = false, escaped = false
        func check(_ value: OpenValue, parentIndex: Int) throws(StrokeFormatError.Kind) {
            guard value.isArray, value.first != 0 else { return }
            let count = value.commas + 1
            switch value.first {
            case UInt8(ascii: "{") where count > limits.maxPointsPerStroke:
                throw .tooManyPoints(stroke: value.index, count: count,
                                     limit: limits.maxPointsPerStroke)
            case UInt8(ascii: "[") where count > limits.maxStrokesPerDrawing:
                throw .tooManyStrokes(count: count, limit: limits.maxStrokesPerDrawing)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if count > limits.maxPointsPerStroke {  // Quick, Draw! [x0, x1, ..]
                    throw .tooManyPoints(stroke: parentIndex, count: count,
                                         limit: limits.maxPointsPerStroke)
                }
            default:
                break
            }
        }
        // Byte values are literals, not UInt8(ascii:), and the loop is a plain while: this
        // runs once per byte, and debug builds call such initializers and iterators.
        var needsFirst = false  // the innermost open value has no element yet
        var i = 0
        while i < bytes.count {
            let byte = base[i]
            i += 1
            if inString {
                if escaped { escaped = false }
                else if byte == 0x5C { escaped = true }  // backslash
                else if byte == 0x22 { inString = false }  // quote
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            if needsFirst && byte != 0x5D && byte != 0x7D {
                open[open.count - 1].first = byte
                needsFirst = false
            }
            switch byte {
            case 0x22:  // "
                inString = true
            case 0x5B, 0x7B:  // [ {
                let index = open.last.map { $0.isArray ? $0.commas : 0 } ?? 0
                open.append(OpenValue(isArray: byte == 0x5B, index: index))
                needsFirst = true
                guard open.count <= maximumDepth else {
                    throw .malformedJSON(reason: "nested deeper than \(maximumDepth) levels")
                }
            case 0x5D, 0x7D:  // ] }
                needsFirst = false
                if let value = open.popLast() {
                    try check(value, parentIndex: open.last?.index ?? 0)
                }
            case 0x2C:  // ,
                if !open.isEmpty { open[open.count - 1].commas += 1 }
            default:
                break
            }
        }
        while let value = open.popLast() { try check(value, parentIndex: open.last?.index ?? 0) }
    }

    static func drawing(from tree: Any, limits: StrokeLimits) throws(StrokeFormatError.Kind)
        -> Drawing {
        if let list = tree as? [Any] {
            return Drawing(strokes: try strokes(from: list, limits: limits))
        }
        guard let object = tree as? [String: Any] else {
            throw .unexpectedStructure(where: "top level", expected: "a JSON array or object")
        }
        if let value = object["strokes"] {
            guard let list = value as? [Any] else {
                throw .unexpectedStructure(where: "\"strokes\"", expected: "an array of strokes")
            }
            return Drawing(strokes: try strokes(from: list, limits: limits),
                           labels: try labels(from: object["labels"], limits: limits),
                           inputs: try inputs(from: object["inputs"]))
        }
        if let value = object["drawing"] {
            guard let list = value as? [Any] else {
                throw .unexpectedStructure(where: "\"drawing\"",
                                           expected: "an array of [[x..], [y..]] strokes")
            }
            return Drawing(strokes: try quickDrawStrokes(from: list, limits: limits))
        }
        throw .unexpectedStructure(where: "top-level object", expected:
            "a \"strokes\" array (drawing document) or a \"drawing\" array (Quick, Draw!)")
    }

    private static func strokes(from list: [Any], limits: StrokeLimits)
        throws(StrokeFormatError.Kind) -> [Stroke] {
        guard list.count <= limits.maxStrokesPerDrawing else {
            throw .tooManyStrokes(count: list.count, limit: limits.maxStrokesPerDrawing)
        }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(list.count)
        for (s, value) in list.enumerated() {
            guard let points = value as? [Any] else {
                throw .unexpectedStructure(where: "stroke \(s)", expected: "an array of points")
            }
            guard !points.isEmpty else { throw .emptyStroke(stroke: s) }
            guard points.count <= limits.maxPointsPerStroke else {
                throw .tooManyPoints(stroke: s, count: points.count,
                                     limit: limits.maxPointsPerStroke)
            }
            var stroke: [Point] = []
            stroke.reserveCapacity(points.count)
            for (p, value) in points.enumerated() {
                guard let point = value as? [String: Any] else {
                    throw .unexpectedStructure(where: "stroke \(s) point \(p)",
                                               expected: "an object {\"x\": .., \"y\": ..}")
                }
                guard let x = number(point["x"]), let y = number(point["y"]) else {
                    throw .unexpectedStructure(where: "stroke \(s) point \(p)",
                                               expected: "numbers \"x\" and \"y\"")
                }
                try checkCoordinates(x, y, stroke: s, point: p, limits: limits)
                stroke.append(Point(x: x, y: y, t: number(point["t"])))
            }
            strokes.append(Stroke(points: stroke))
        }
        return strokes
    }

    private static func quickDrawStrokes(from list: [Any], limits: StrokeLimits)
        throws(StrokeFormatError.Kind) -> [Stroke] {
        guard list.count <= limits.maxStrokesPerDrawing else {
            throw .tooManyStrokes(count: list.count, limit: limits.maxStrokesPerDrawing)
        }
        var strokes: [Stroke] = []
        for (s, value) in list.enumerated() {
            let expected = "[[x0, x1, ..], [y0, y1, ..]] with as many x as y"
            guard let channels = value as? [Any], channels.count >= 2,
                  let xs = channels[0] as? [Any], let ys = channels[1] as? [Any],
                  xs.count == ys.count else {
                throw .unexpectedStructure(where: "stroke \(s)", expected: expected)
            }
            guard !xs.isEmpty else { throw .emptyStroke(stroke: s) }
            guard xs.count <= limits.maxPointsPerStroke else {
                throw .tooManyPoints(stroke: s, count: xs.count, limit: limits.maxPointsPerStroke)
            }
            let ts = channels.count > 2 ? channels[2] as? [Any] : nil
            var points: [Point] = []
            points.reserveCapacity(xs.count)
            for p in xs.indices {
                guard let x = number(xs[p]), let y = number(ys[p]) else {
                    throw .unexpectedStructure(where: "stroke \(s) point \(p)",
                                               expected: "numbers")
                }
                try checkCoordinates(x, y, stroke: s, point: p, limits: limits)
                let t = ts.flatMap { p < $0.count ? number($0[p]) : nil }
                points.append(Point(x: x, y: y, t: t))
            }
            strokes.append(Stroke(points: points))
        }
        return strokes
    }

    private static func labels(from value: Any?, limits: StrokeLimits)
        throws(StrokeFormatError.Kind) -> [Label] {
        guard let value else { return [] }
        guard let list = value as? [Any] else {
            throw .unexpectedStructure(where: "\"labels\"", expected: "an array of labels")
        }
        var labels: [Label] = []
        for (l, value) in list.enumerated() {
            guard let label = value as? [String: Any], let text = label["text"] as? String,
                  let x = number(label["x"]), let y = number(label["y"]) else {
                throw .unexpectedStructure(where: "label \(l)",
                                           expected: "{\"text\": \"a\", \"x\": .., \"y\": ..}")
            }
            guard limits.accepts(coordinate: x), limits.accepts(coordinate: y) else {
                throw .unexpectedStructure(where: "label \(l)", expected: "finite coordinates "
                    + "within ±\(limits.maxCoordinateMagnitude)")
            }
            labels.append(Label(text: text, position: Point(x: x, y: y)))
        }
        return labels
    }

    private static func inputs(from value: Any?) throws(StrokeFormatError.Kind) -> [String] {
        guard let value else { return [] }
        guard let words = value as? [Any], words.allSatisfy({ $0 is String }) else {
            throw .unexpectedStructure(where: "\"inputs\"", expected: "an array of strings")
        }
        return words.compactMap { $0 as? String }
    }

    private static func checkCoordinates(_ x: Double, _ y: Double, stroke: Int, point: Int,
                                         limits: StrokeLimits) throws(StrokeFormatError.Kind) {
        for value in [x, y] where !limits.accepts(coordinate: value) {
            throw .coordinateOutOfRange(stroke: stroke, point: point, value: value,
                                        limit: limits.maxCoordinateMagnitude)
        }
    }

    /// A JSON number as a Double; nil for strings, booleans, null, arrays and objects.
    static func number(_ value: Any?) -> Double? {
        guard let value, !(value is String), let number = value as? NSNumber else { return nil }
        if isBoolean(number) { return nil }
        return number.doubleValue
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        // JSONSerialization returns the shared boolean NSNumbers for `true` and `false`.
        number === (true as NSNumber) || number === (false as NSNumber)
    }
}
