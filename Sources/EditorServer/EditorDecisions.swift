import Foundation
import StrokeFormats

/// What the user said about the elements of an editor document (FORMATS.md §1, editor
/// document version 2), each decision keyed by the index of a stroke of the element it was
/// made on, so it stays with that element whatever the recognizer makes of the rest:
/// - a label with `"stroke": i` belongs to the transition or loop drawn with stroke `i`;
/// - `names`: `{"text", "stroke"}`, the name of the state drawn with stroke `i`;
/// - `corrections`: `{"stroke", "as"}`, what the element drawn with stroke `i` is;
/// - `flags`: `{"stroke", "initial"?, "final"?}`, the state's flags as the user set them.
/// Labels without `stroke` and names without `stroke` (version 1 documents) are placed by
/// position, as `fa-recognize` does.
public struct EditorDecisions: Sendable, Equatable {
    /// What the user says an element is.
    public enum Correction: String, Sendable, CaseIterable {
        case state, final, initial, transition, cycle, none
    }

    public struct Name: Sendable, Equatable {
        public var text: String
        public var stroke: Int?
        public var position: Point?
    }

    public struct Flags: Sendable, Equatable {
        public var stroke: Int
        public var initial: Bool?
        public var final: Bool?
    }

    /// For each label of the drawing (same order), the stroke it was typed on, if any.
    public var labelStrokes: [Int?] = []
    public var names: [Name] = []
    public var corrections: [Int: Correction] = [:]
    public var flags: [Flags] = []

    public init() {}

    /// Reads the decisions of a document body already read as `drawing` (so the body is
    /// JSON). Errors say which entry and what was expected.
    public static func read(body: [UInt8], strokeCount: Int) throws(EditorDecisionError) -> EditorDecisions {
        // A document with no decision (fa-recognize's input) is not parsed a second time.
        let keys = ["\"stroke\"", "\"names\"", "\"corrections\"", "\"flags\""].map { Array($0.utf8) }
        guard keys.contains(where: { contains(body, $0) }) else { return EditorDecisions() }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return EditorDecisions()   // a bare stroke list: no decisions
        }
        var decisions = EditorDecisions()
        func stroke(_ value: Any?, _ place: String, optional: Bool = false) throws(EditorDecisionError) -> Int? {
            guard let value, !(value is NSNull) else {
                if optional { return nil }
                throw EditorDecisionError(description: "\(place): \"stroke\" is missing")
            }
            guard let n = value as? Int else {
                throw EditorDecisionError(description: "\(place).stroke: expected a stroke index")
            }
            guard (0..<strokeCount).contains(n) else {
                throw EditorDecisionError(description: "\(place).stroke: \(n) is not a stroke "
                    + "index (the drawing has \(strokeCount) strokes)")
            }
            return n
        }
        func list(_ key: String) throws(EditorDecisionError) -> [[String: Any]] {
            guard let value = object[key] else { return [] }
            guard let items = value as? [Any] else {
                throw EditorDecisionError(description: "\"\(key)\": expected an array")
            }
            var out: [[String: Any]] = []
            for (i, item) in items.enumerated() {
                guard let entry = item as? [String: Any] else {
                    throw EditorDecisionError(description: "\"\(key)[\(i)]\": expected an object")
                }
                out.append(entry)
            }
            return out
        }
        for (i, label) in try list("labels").enumerated() {
            decisions.labelStrokes.append(try stroke(label["stroke"], "\"labels[\(i)]\"", optional: true))
        }
        for (i, name) in try list("names").enumerated() {
            guard let text = name["text"] as? String else {
                throw EditorDecisionError(description: "\"names[\(i)]\": expected {\"text\", \"stroke\"}")
            }
            let at = try stroke(name["stroke"], "\"names[\(i)]\"", optional: true)
            var position: Point?
            if let x = name["x"] as? Double, let y = name["y"] as? Double { position = Point(x: x, y: y) }
            guard at != nil || position != nil else {
                throw EditorDecisionError(description: "\"names[\(i)]\": expected a \"stroke\" (or \"x\" and \"y\")")
            }
            decisions.names.append(Name(text: text, stroke: at, position: position))
        }
        for (i, correction) in try list("corrections").enumerated() {
            let place = "\"corrections[\(i)]\""
            guard let raw = correction["as"] as? String, let kind = Correction(rawValue: raw) else {
                throw EditorDecisionError(description: "\(place).as: expected one of "
                    + Correction.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if let at = try stroke(correction["stroke"], place) { decisions.corrections[at] = kind }
        }
        for (i, flag) in try list("flags").enumerated() {
            let place = "\"flags[\(i)]\""
            guard let at = try stroke(flag["stroke"], place) else { continue }
            var entry = Flags(stroke: at)
            for key in ["initial", "final"] where flag[key] != nil {
                guard let b = flag[key] as? Bool else {
                    throw EditorDecisionError(description: "\(place).\(key): expected true or false")
                }
                if key == "initial" { entry.initial = b } else { entry.final = b }
            }
            decisions.flags.append(entry)
        }
        return decisions
    }
}

/// Whether `needle` occurs in `bytes`.
private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    var i = 0
    let last = bytes.count - needle.count
    while i <= last {
        if bytes[i] == first && bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
        i += 1
    }
    return false
}

/// Why the decisions of a document could not be read.
public struct EditorDecisionError: Error, CustomStringConvertible, Equatable {
    public var description: String
}
