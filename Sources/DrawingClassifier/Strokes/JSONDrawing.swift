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

    /// Refuses, before parsing, a document whose shape no drawing within `limits` can have:
    /// an array with more elements than the most points per stroke or strokes per drawing,
    /// or nesting deeper than `maximumDepth`. JSONSerialization builds an object per value
    /// (about 3 KB per point): a 14 MB stroke of a million points took 3 GB and 50 s to be
    /// refused after parsing. One pass over the bytes, brackets counted outside strings.
    static func checkShape(_ bytes: UnsafeBufferPointer<UInt8>,
                           limits: StrokeLimits) throws(StrokeFormatError.Kind) {
        guard let base = bytes.baseAddress else { return }
        let longest = max(limits.maxPointsPerStroke, limits.maxStrokesPerDrawing)
        var commas: [Int] = []  // per open container: commas so far (-1 for an object)
        var inString = false, escaped = false
        for i in 0..<bytes.count {
            let byte = base[i]
            if inString {
                if escaped { escaped = false }
                else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                commas.append(byte == UInt8(ascii: "[") ? 0 : -1)
                guard commas.count <= maximumDepth else {
                    throw .malformedJSON(reason: "nested deeper than \(maximumDepth) levels")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = commas.popLast()
            case UInt8(ascii: ","):
                guard let last = commas.last, last >= 0 else { break }
                commas[commas.count - 1] = last + 1
                guard last + 1 < longest else {  // elements = commas + 1
                    throw .unexpectedStructure(where: "an array of more than \(longest) elements",
                        expected: "at most \(limits.maxPointsPerStroke) points per stroke and "
                            + "\(limits.maxStrokesPerDrawing) strokes per drawing (raise "
                            + "StrokeLimits.maxPointsPerStroke or .maxStrokesPerDrawing)")
                }
            default:
                break
            }
        }
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
            guard x.isFinite, y.isFinite, abs(x) <= limits.maxCoordinateMagnitude,
                  abs(y) <= limits.maxCoordinateMagnitude else {
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
        for value in [x, y] where !(value.isFinite && abs(value) <= limits.maxCoordinateMagnitude) {
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
