import Automata
import AutomatonRecognition
import StrokeFormats
import Foundation

/// The editor's JSON API (FORMATS.md §6) as plain functions from a request body to an
/// answer, so it is tested without a network. `EditorServer` calls these.
///
/// `/api/recognize` answers the §2 object of `fa-recognize`, with optional members the page
/// draws from: on transition, initial and cycle elements `symbols` and `epsilon` (the typed
/// labels attached to that stroke), on arrows `bend` (the drawn bend, when the shaft is
/// curved) and `shaft` (on an arrow drawn as a self-loop), and at the top `unattachedLabels` (labels near no transition).
/// `/api/simulate` answers `{"runs": [{"input", "accepted"}]}`, each run with `reason` when
/// the word is rejected and `warnings` when there are any (several initial states).
public struct EditorAPI: Sendable {
    public var recognizer: Recognizer
    public var limits: EditorLimits

    public init(recognizer: Recognizer, limits: EditorLimits = .standard) {
        self.recognizer = recognizer
        self.limits = limits
    }

    /// `POST /api/recognize`: a drawing (any one-drawing format of FORMATS.md §1) → §2.
    public func recognize(body: [UInt8]) -> APIResponse {
        guard body.count <= limits.maxBodyBytes else { return tooLarge(body.count) }
        let drawing: Drawing
        do {
            switch try StrokeReader.read(bytes: body, source: "request", limits: limits.strokes) {
            case .single(let single): drawing = single
            case .batch: return .error(400, "send one drawing per request, not JSON Lines")
            }
        } catch {
            return .error(400, Self.message(error))
        }
        let points = drawing.strokes.reduce(0) { $0 + $1.points.count }
        guard points <= limits.maxPointsPerDrawing else {
            return .error(400, "the drawing has \(points) points, over the limit of "
                + "\(limits.maxPointsPerDrawing) points per drawing")
        }
        let decisions: EditorDecisions
        do {
            decisions = try EditorDecisions.read(body: body, strokeCount: drawing.strokes.count)
        } catch {
            return .error(400, error.description)
        }
        let decided = DecidedRecognition(drawing: drawing, decisions: decisions, recognizer: recognizer)
        let result = RecognitionResult(source: "editor", assembly: decided.assembly)
        guard case var .object(members) = Self.editorJSON(result) else { return .error(500, "no JSON object") }
        members.append(("newNames", .array(decided.newNames.map {
            .object([("stroke", .integer($0.stroke)), ("text", .string($0.text))])
        })))
        return .json(.object(members))
    }

    /// `POST /api/simulate`: `{"automaton": {...}, "inputs": ["ab"]}` → `{"runs": [...]}`.
    public func simulate(body: [UInt8]) -> APIResponse {
        guard body.count <= limits.maxBodyBytes else { return tooLarge(body.count) }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            return .error(400, "malformed JSON: the body is not a JSON object")
        }
        guard let object = value as? [String: Any] else {
            return .error(400, "expected an object {\"automaton\": {...}, \"inputs\": [...]}")
        }
        guard let automatonValue = object["automaton"] else {
            return .error(400, "\"automaton\" is missing")
        }
        guard let inputs = object["inputs"] as? [Any], inputs.allSatisfy({ $0 is String }) else {
            return .error(400, "\"inputs\": expected an array of strings")
        }
        let words = inputs.compactMap { $0 as? String }
        guard words.count <= limits.maxInputs else {
            return .error(400, "\(words.count) inputs, over the limit of \(limits.maxInputs)")
        }
        if let long = words.first(where: { $0.count > limits.maxInputLength }) {
            return .error(400, "an input of \(long.count) characters is over the limit of "
                + "\(limits.maxInputLength)")
        }
        let automaton: Automaton
        do {
            automaton = try AutomatonDocument.automaton(from: automatonValue,
                                                       maxSize: limits.maxAutomatonSize)
        } catch {
            return .error(400, error.description)
        }
        let wantsSteps = object["steps"] as? Bool ?? false
        let runs: [JSONValue] = words.map { word in
            let run = automaton.run(word)
            var members: [(String, JSONValue)] = [("input", .string(word)),
                                                  ("accepted", .bool(run.accepted))]
            if let rejection = run.rejection { members.append(("reason", .string(rejection.description))) }
            if !run.warnings.isEmpty { members.append(("warnings", .array(run.warnings.map(JSONValue.string)))) }
            if wantsSteps {
                members.append(("steps", .array(Self.steps(of: word, in: automaton).map {
                    .array($0.map(JSONValue.string))
                })))
            }
            return .object(members)
        }
        return .json(.object([("runs", .array(runs))]))
    }

    /// The 413 answer for a body of `bytes` bytes.
    public func tooLarge(_ bytes: Int?) -> APIResponse {
        let size = bytes.map { "of \($0) bytes " } ?? ""
        return .error(413, "the request body \(size)is over the limit of \(limits.maxBodyBytes) bytes")
    }

    /// A reader error without the "file request: " prefix that names a file.
    static func message(_ error: StrokeFormatError) -> String {
        let text = error.description
        let prefix = "file \(error.source): "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// The §2 object with the members the page draws from (see the type's comment).
    static func editorJSON(_ result: RecognitionResult) -> JSONValue {
        guard case var .object(members) = result.json else { return result.json }
        let elements = result.assembly.elements
        for (index, member) in members.enumerated() where member.0 == "elements" {
            guard case let .array(items) = member.1, items.count == elements.count else { continue }
            members[index].1 = .array(zip(items, elements).map { item, element in
                guard case var .object(fields) = item else { return item }
                switch element.role {
                case let .transition(arrow, from, to):
                    // An arrow drawn as a self-loop is drawn along its shaft.
                    if let bend = arrow.bend { fields.append(("bend", point(bend))) }
                    if from != nil, from == to { fields.append(("shaft", .array(arrow.shaft.map(point)))) }
                    fields += [("symbols", .array(element.symbols.map(JSONValue.string))),
                               ("epsilon", .bool(element.epsilon))]
                case let .initial(arrow, _):
                    if let bend = arrow.bend { fields.append(("bend", point(bend))) }
                    fields += [("symbols", .array(element.symbols.map(JSONValue.string))),
                               ("epsilon", .bool(element.epsilon))]
                case let .cycle(_, loop):
                    fields += [("head", .array(loop.head.map(point))),
                               ("symbols", .array(element.symbols.map(JSONValue.string))),
                               ("epsilon", .bool(element.epsilon))]
                default:
                    break
                }
                return .object(fields)
            })
        }
        members.append(("unattachedLabels", .array(result.assembly.unattachedLabels.map { label in
            .object([("text", .string(label.text)), ("x", coordinate(label.position.x)),
                     ("y", coordinate(label.position.y))])
        })))
        return .object(members)
    }

    static func coordinate(_ x: Double) -> JSONValue {
        .number(x, decimals: JSONValue.coordinateDecimals)
    }

    static func point(_ p: Point) -> JSONValue {
        .object([("x", coordinate(p.x)), ("y", coordinate(p.y))])
    }
}
